import { screenerRepeatableFields } from '@insight/shared';

/**
 * Spec 000 §4 "Filter range type": greater than keeps only the from value (min), less than only
 * the to value (max), between keeps both. Spec 000 §5: the filters offered when adding one.
 */

export type RangeType = 'greater' | 'less' | 'between';

export const rangeTypeLabels: Record<RangeType, string> = {
  greater: 'Greater than',
  less: 'Less than',
  between: 'Between',
};

export const rangeTypes: readonly RangeType[] = ['greater', 'less', 'between'];

export interface Range {
  min: number | null;
  max: number | null;
}

/** The range type a stored screener reads as: both bounds between, a min alone greater, a max alone less. */
export function rangeTypeOf({ min, max }: Range): RangeType {
  if (min !== null && max !== null) return 'between';
  if (max !== null) return 'less';
  return 'greater';
}

/** The bounds a range type keeps; the other is dropped. */
export function applyRangeType(type: RangeType, { min, max }: Range): Range {
  switch (type) {
    case 'greater':
      return { min, max: null };
    case 'less':
      return { min: null, max };
    case 'between':
      return { min, max };
  }
}

/** Why the bounds cannot be saved under `type`, or null when they can. */
export function rangeProblem(type: RangeType, range: Range): string | null {
  const { min, max } = applyRangeType(type, range);
  if (type !== 'less' && min === null) return 'Enter a from value';
  if (type !== 'greater' && max === null) return 'Enter a to value';
  if (min !== null && max !== null && min > max) return 'From must not be above To';
  return null;
}

/** A typed field's value: empty is no bound; anything else not a finite number is no bound either. */
export function parseBound(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Filters offered again even when the sector already has one (spec 000 §5). */
const repeatableFields: ReadonlySet<string> = new Set(screenerRepeatableFields);

/** The fields the add-filter dialog offers: already-used ones hidden, except the repeatable ones. */
export function addableFields<F extends string>(all: readonly F[], used: readonly string[]): F[] {
  const taken = new Set(used);
  return all.filter((field) => repeatableFields.has(field) || !taken.has(field));
}
