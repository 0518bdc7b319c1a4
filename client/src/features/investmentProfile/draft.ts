/**
 * Spec 000 §4 "Profile editing works on a local copy": the editor's unsaved filters. Each filter card
 * edits a DraftScreener; what it would send is `draftInput`, which keeps only the bounds its range
 * type uses. Pure, so the rules are tested without a screen.
 */
import {
  screenerFieldInfo,
  screenerProblem,
  type ProfileSector,
  type Screener,
  type ScreenerField,
} from '@insight/shared';
import { applyRangeType, parseBound, rangeProblem, rangeTypeOf, type RangeType } from './rangeType';

export interface DraftScreener {
  /** Stable while the card lives: the stored id, or a made-up one for a filter not saved yet. */
  key: string;
  /** The stored screener's id; null until saved. */
  id: number | null;
  field: ScreenerField;
  /** Choice fields (P/E, PEG, dividend yield) pick buckets, or a range for a stored range screener. */
  mode: 'range' | 'buckets' | 'selector';
  rangeType: RangeType;
  from: string;
  to: string;
  selector: string | null;
  buckets: string[];
}

/** What a screener sends, in the shape of the shared screener input. */
export interface ScreenerValues {
  field: ScreenerField;
  minVal: number | null;
  maxVal: number | null;
  selector: string | null;
  multi_selector: string[] | null;
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function toDraft(screener: Screener): DraftScreener {
  const kind = screenerFieldInfo[screener.field].kind;
  const mode =
    kind === 'index' || kind === 'yesno'
      ? 'selector'
      : kind === 'choice' && screener.multi_selector !== null
        ? 'buckets'
        : 'range';
  return {
    key: `s${screener.id}`,
    id: screener.id,
    field: screener.field,
    mode,
    rangeType: rangeTypeOf({ min: screener.minVal, max: screener.maxVal }),
    from: text(screener.minVal),
    to: text(screener.maxVal),
    selector: screener.selector,
    buckets: screener.multi_selector ?? [],
  };
}

let made = 0;

/** A new, unsaved filter on `field`, as the add-filter dialog makes it. */
export function newDraft(field: ScreenerField): DraftScreener {
  const kind = screenerFieldInfo[field].kind;
  made += 1;
  return {
    key: `new${made}`,
    id: null,
    field,
    mode: kind === 'choice' ? 'buckets' : kind === 'range' ? 'range' : 'selector',
    rangeType: 'greater',
    from: '',
    to: '',
    selector: kind === 'yesno' ? 'yes' : null,
    buckets: [],
  };
}

/** The values the card sends: only the bounds its range type keeps, or its choices. */
export function draftValues(draft: DraftScreener): ScreenerValues {
  if (draft.mode === 'selector') {
    return { field: draft.field, minVal: null, maxVal: null, selector: draft.selector, multi_selector: null };
  }
  if (draft.mode === 'buckets') {
    return { field: draft.field, minVal: null, maxVal: null, selector: null, multi_selector: draft.buckets };
  }
  const { min, max } = applyRangeType(draft.rangeType, {
    min: parseBound(draft.from),
    max: parseBound(draft.to),
  });
  return { field: draft.field, minVal: min, maxVal: max, selector: null, multi_selector: null };
}

/** Why the card cannot be saved (or counted), or null. */
export function draftProblem(draft: DraftScreener): string | null {
  if (draft.mode === 'range') {
    for (const [label, value] of [
      ['From', draft.from],
      ['To', draft.to],
    ] as const) {
      if (value.trim() !== '' && parseBound(value) === null) return `${label} must be a number`;
    }
    const problem = rangeProblem(draft.rangeType, { min: parseBound(draft.from), max: parseBound(draft.to) });
    if (problem) return problem;
  }
  return screenerProblem(draftValues(draft))?.message ?? null;
}

/** True when the card differs from what is stored (a new card always does). */
export function isDirty(draft: DraftScreener, saved: Screener | undefined): boolean {
  if (saved === undefined || draft.id === null) return true;
  const values = draftValues(draft);
  return (
    values.minVal !== saved.minVal ||
    values.maxVal !== saved.maxVal ||
    values.selector !== saved.selector ||
    JSON.stringify(values.multi_selector) !== JSON.stringify(saved.multi_selector)
  );
}

/** The cards of a stored sector. */
export function sectorDrafts(sector: ProfileSector): DraftScreener[] {
  return sector.screeners.map(toDraft);
}

/**
 * The cards after one was saved and the server answered with the sector: the saved card now shows
 * what is stored (a new one takes its id), the other cards keep their unsaved edits, and cards whose
 * screener is gone from the server are dropped unless they were never saved.
 */
export function afterSave(
  drafts: readonly DraftScreener[],
  savedKey: string,
  sector: ProfileSector,
): DraftScreener[] {
  const storedIds = new Set(sector.screeners.map((s) => s.id));
  const claimed = new Set(drafts.filter((d) => d.key !== savedKey && d.id !== null).map((d) => d.id));
  const saving = drafts.find((d) => d.key === savedKey);
  const match =
    saving?.id !== null && saving?.id !== undefined && storedIds.has(saving.id)
      ? sector.screeners.find((s) => s.id === saving.id)
      : sector.screeners.find((s) => s.field === saving?.field && !claimed.has(s.id));
  const next = drafts
    .filter((d) => d.id === null || storedIds.has(d.id) || d.key === savedKey)
    .map((d) => (d.key === savedKey && match ? toDraft(match) : d));
  // Stored screeners no card shows (a default the server added) get a card too.
  const shown = new Set(next.map((d) => d.id));
  return [...next, ...sector.screeners.filter((s) => !shown.has(s.id)).map(toDraft)];
}

/** The filters a count or a preview sends: only the cards that could be saved as they are. */
export function countableValues(drafts: readonly DraftScreener[]): ScreenerValues[] {
  return drafts.filter((d) => draftProblem(d) === null).map(draftValues);
}
