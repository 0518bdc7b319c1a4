import { inRange } from '../scan/engine';
import {
  choiceBuckets,
  screenerFieldInfo,
  type ChoiceField,
  type ScreenedSymbols,
  type ScreenerField,
} from './schemas';

/**
 * Screening a stock against a profile sector's screeners (spec 000 §3, §5). Range screeners use the
 * opportunity score's own range test (scan `inRange` with its condition codes); choice screeners pass
 * a stock inside any chosen bucket (lower bound inclusive, upper exclusive); `indexes` passes a member
 * of the chosen index; `moving_ave_50` 'yes' a stock whose last price is above its 50-day average.
 * A stock missing the screened figure fails that screener.
 */
export interface ScreenValues {
  symbol: string;
  /** Millions of dollars. */
  market_val: number | null;
  beta: number | null;
  last_price: number | null;
  avg_vol_20d: number | null;
  peg_ratio: number | null;
  pe_ratio_12m: number | null;
  /** Percent. */
  dividend_yield: number | null;
  indexes: readonly string[];
  /** Last price above its 50-day moving average; null without 50 closes. */
  above_ma50: boolean | null;
  /** Percent from the last price to the mean target of the current buy ratings. */
  upside: number | null;
}

export interface ScreenerRule {
  field: ScreenerField;
  minVal: number | null;
  maxVal: number | null;
  selector: string | null;
  multi_selector: readonly string[] | null;
}

/** Spec 000 §4 range type: greater than keeps min, less than keeps max, between keeps both. */
export function conditionOf(minVal: number | null, maxVal: number | null): 0 | 1 | 2 | 3 {
  if (minVal !== null && maxVal !== null) return 3;
  if (minVal !== null) return 2;
  if (maxVal !== null) return 1;
  return 0;
}

export function passesScreener(values: ScreenValues, rule: ScreenerRule): boolean {
  const kind = screenerFieldInfo[rule.field].kind;
  switch (kind) {
    case 'index':
      return rule.selector !== null && values.indexes.includes(rule.selector);
    case 'yesno':
      return values.above_ma50 !== null && values.above_ma50 === (rule.selector === 'yes');
    case 'choice':
    case 'range': {
      const value = values[rule.field as Exclude<ScreenerField, 'indexes' | 'moving_ave_50'>];
      if (kind === 'choice' && rule.multi_selector !== null) {
        if (value === null) return false;
        const chosen = new Set(rule.multi_selector);
        return choiceBuckets[rule.field as ChoiceField].some(
          (bucket) =>
            chosen.has(bucket.key) &&
            (bucket.min === null || value >= bucket.min) &&
            (bucket.max === null || value < bucket.max),
        );
      }
      return inRange(value, {
        min: rule.minVal,
        max: rule.maxVal,
        condition: conditionOf(rule.minVal, rule.maxVal),
      });
    }
  }
}

export function passesAll(values: ScreenValues, rules: readonly ScreenerRule[]): boolean {
  return rules.every((rule) => passesScreener(values, rule));
}

/**
 * The screened-symbols result (spec 000 §3): `total` stocks of the sector, `total_passed` passing
 * every screener, and per field the stocks passing that field's screeners.
 */
export function screenCounts(
  stocks: readonly ScreenValues[],
  rules: readonly ScreenerRule[],
): ScreenedSymbols {
  const result: ScreenedSymbols = { total: stocks.length, total_passed: 0 };
  const fields = [...new Set(rules.map((rule) => rule.field))];
  for (const field of fields) result[field] = 0;
  for (const stock of stocks) {
    let all = true;
    for (const field of fields) {
      const ok = rules.every((rule) => rule.field !== field || passesScreener(stock, rule));
      if (ok) result[field] = (result[field] ?? 0) + 1;
      else all = false;
    }
    if (all) result.total_passed += 1;
  }
  return result;
}
