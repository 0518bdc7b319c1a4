import { emptyFilterSet, type Alert, type FilterSet } from './schemas';

/**
 * The live feed's alert filtering (spec 000 §5 "Alert filtering", §3 "Filter set"), as pure functions
 * both sides can run: which alerts pass a filter set, the slider bounds and the checkbox groups'
 * values the filter panel offers for the current alerts.
 *
 * Where the spec is silent, one rule: an alert without a value (an earnings alert has no analyst,
 * grade or target) fails any range or list that applies, except the Analyst Grade range left at its
 * whole scale 1 to 7, which is the default and must keep every alert.
 */

export type Range = readonly [number, number];

/** What filtering needs of a quote: the live last price, by upper-case symbol. */
export type QuoteBook = Readonly<Record<string, { lastPrice: number } | undefined>>;

export interface FilterContext {
  /** The live quotes; an alert without one is judged on the last price it came with. */
  quotes: QuoteBook;
  /** The followed symbols (the watchlist). */
  followed: ReadonlySet<string> | readonly string[];
}

export const gradeScale: Range = [1, 7];

/** Spec 000 §5: the sliders' steps. */
export const sliderSteps = {
  market_cap: 1,
  beta: 0.01,
  pe_ratio_12m: 0.01,
  rate: 1,
  upside: 0.01,
  lastPrice: 0.01,
} as const satisfies Record<RangeKey, number>;

export type RangeKey = 'market_cap' | 'beta' | 'pe_ratio_12m' | 'rate' | 'upside' | 'lastPrice';
export type ListKey = 'universes' | 'rating' | 'inWatchlist' | 'sector_name' | 'analyst_name';

export const inWatchlistOptions = ['In Watchlist', 'Not In Watchlist'] as const;
export type InWatchlistOption = (typeof inWatchlistOptions)[number];

/** Spec 000 §9: a checkbox group shows 4 items before 'see more'. */
export const checkboxGroupPageSize = 4;
/** Spec 000 §2: a group with fewer than 2 distinct values is hidden. */
export const checkboxGroupMinimum = 2;

/** Rounded to 2 decimals, as spec 000 §5 compares beta, P/E, upside and last price. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Spec 000 §5: 100 × |target − last| / last, and 0 when the last price is not above 0. */
export function upsidePercent(target: number, last: number): number {
  return last > 0 ? (100 * Math.abs(target - last)) / last : 0;
}

/** Spec 000 §5: the card shows (target − last) / last as a percent, signed; null without a positive price. */
export function targetDistancePercent(target: number, last: number): number | null {
  return last > 0 ? (100 * (target - last)) / last : null;
}

/** The live last price of the alert's symbol, else the one the alert came with. */
export function lastPriceOf(alert: Pick<Alert, 'symbol' | 'last_price'>, quotes: QuoteBook): number | null {
  return quotes[alert.symbol.toUpperCase()]?.lastPrice ?? alert.last_price;
}

/** The alert's upside against the live price; the one it came with when no price is known. */
export function upsideOf(
  alert: Pick<Alert, 'symbol' | 'last_price' | 'price_target' | 'upside'>,
  quotes: QuoteBook,
): number | null {
  if (alert.price_target === null) return null;
  const last = lastPriceOf(alert, quotes);
  return last === null ? alert.upside : upsidePercent(alert.price_target, last);
}

// ---- the rules ----

/** Spec 000 §5: a numeric range applies only when min differs from max ([0, 0] is unset). */
export function rangeApplies(range: Range): boolean {
  return range[0] !== range[1];
}

/** Spec 000 §5: the Analyst Grade range applies when neither end is 0. */
export function gradeRangeApplies(range: Range): boolean {
  return range[0] !== 0 && range[1] !== 0;
}

function within(value: number | null, range: Range): boolean {
  if (value === null) return false;
  return value >= Math.min(range[0], range[1]) && value <= Math.max(range[0], range[1]);
}

const rounded = (value: number | null) => (value === null ? null : round2(value));

function passesRange(value: number | null, range: Range): boolean {
  return !rangeApplies(range) || within(value, range);
}

function passesGrade(grade: number | null, range: Range): boolean {
  if (!gradeRangeApplies(range)) return true;
  if (grade === null) return coversWholeScale(range);
  return within(grade, range);
}

const coversWholeScale = (range: Range) =>
  Math.min(range[0], range[1]) <= gradeScale[0] && Math.max(range[0], range[1]) >= gradeScale[1];

/** Spec 000 §5: a list matches when it is empty or includes the value. */
function passesList<T>(chosen: readonly T[], value: T | null): boolean {
  return chosen.length === 0 || (value !== null && chosen.includes(value));
}

const followedHas = (followed: FilterContext['followed'], symbol: string) =>
  followed instanceof Set ? followed.has(symbol) : (followed as readonly string[]).includes(symbol);

/** Whether one alert passes the filter set: every rule of spec 000 §5 together. */
export function alertPasses(alert: Alert, filters: FilterSet, context: FilterContext): boolean {
  const inWatchlist = followedHas(context.followed, alert.symbol);
  return (
    passesRange(alert.mc_index, filters.market_cap) &&
    passesRange(rounded(alert.beta), filters.beta) &&
    passesRange(rounded(upsideOf(alert, context.quotes)), filters.upside) &&
    passesRange(rounded(alert.pe_ratio_12m), filters.pe_ratio_12m) &&
    passesRange(rounded(lastPriceOf(alert, context.quotes)), filters.lastPrice) &&
    passesGrade(alert.rate, filters.rate) &&
    passesList(filters.rating, alert.rating) &&
    passesList(filters.sector_name, alert.sector_name) &&
    passesList(filters.analyst_name, alert.analyst_name) &&
    (filters.universes.length === 0 ||
      filters.universes.some((universe) => alert.universes.includes(universe))) &&
    (filters.inWatchlist.length !== 1 || (filters.inWatchlist[0] === 'In Watchlist') === inWatchlist)
  );
}

/** The alerts that pass, in their order. */
export function filterAlerts<A extends Alert>(
  alerts: readonly A[],
  filters: FilterSet,
  context: FilterContext,
): A[] {
  return alerts.filter((alert) => alertPasses(alert, filters, context));
}

// ---- what the filter panel offers ----

export type SliderBounds = Record<RangeKey, Range>;

function extent(values: readonly (number | null)[]): Range {
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  return low === Infinity ? [0, 0] : [low, high];
}

/**
 * Spec 000 §5: each slider spans the min to the max of the current alerts ([0, 0] with no value at
 * all); the Analyst Grade slider always spans 1 to 7. Decimal figures are rounded as the rules
 * compare them, so the ends of a slider are values an alert has.
 */
export function sliderBounds(alerts: readonly Alert[], quotes: QuoteBook): SliderBounds {
  return {
    market_cap: extent(alerts.map((alert) => alert.mc_index)),
    beta: extent(alerts.map((alert) => rounded(alert.beta))),
    pe_ratio_12m: extent(alerts.map((alert) => rounded(alert.pe_ratio_12m))),
    rate: gradeScale,
    upside: extent(alerts.map((alert) => rounded(upsideOf(alert, quotes)))),
    lastPrice: extent(alerts.map((alert) => rounded(lastPriceOf(alert, quotes)))),
  };
}

/**
 * The range a slider stores when moved to `value`: dragged back to both ends of its bounds it is
 * unset again ([0, 0]; the grade's default 1 to 7), so a slider at rest keeps no alert out, even one
 * without a value.
 */
export function chosenRange(key: RangeKey, value: Range, bounds: Range): [number, number] {
  const low = Math.min(value[0], value[1]);
  const high = Math.max(value[0], value[1]);
  const whole = low <= bounds[0] && high >= bounds[1];
  if (key === 'rate') return whole ? [...emptyFilterSet.rate] : [low, high];
  return whole ? [0, 0] : [low, high];
}

export interface CheckboxOptions {
  universes: string[];
  /** Position: Bearish (sell) before Bullish (buy), as the spec lists them. */
  rating: ('buy' | 'sell')[];
  inWatchlist: InWatchlistOption[];
  sector_name: string[];
  analyst_name: string[];
}

const sortedDistinct = (values: Iterable<string | null>) =>
  [...new Set([...values].filter((value): value is string => value !== null && value !== ''))].sort((a, b) =>
    a.localeCompare(b),
  );

/** The distinct values of each checkbox group among the current alerts. */
export function checkboxOptions(
  alerts: readonly Alert[],
  followed: FilterContext['followed'],
): CheckboxOptions {
  const ratings = new Set(alerts.map((alert) => alert.rating));
  const watched = new Set(alerts.map((alert) => followedHas(followed, alert.symbol)));
  return {
    universes: sortedDistinct(alerts.flatMap((alert) => alert.universes)),
    rating: (['sell', 'buy'] as const).filter((rating) => ratings.has(rating)),
    inWatchlist: inWatchlistOptions.filter((option) => watched.has(option === 'In Watchlist')),
    sector_name: sortedDistinct(alerts.map((alert) => alert.sector_name)),
    analyst_name: sortedDistinct(alerts.map((alert) => alert.analyst_name)),
  };
}

/** Spec 000 §2: a group with fewer than 2 distinct values is hidden. */
export function isGroupShown(values: readonly unknown[]): boolean {
  return values.length >= checkboxGroupMinimum;
}

// ---- the filter set as a whole ----

export const rangeKeys: readonly RangeKey[] = [
  'market_cap',
  'beta',
  'pe_ratio_12m',
  'rate',
  'upside',
  'lastPrice',
];
export const listKeys: readonly ListKey[] = [
  'universes',
  'rating',
  'inWatchlist',
  'sector_name',
  'analyst_name',
];

/** Whether a range narrows anything: the grade when it applies and is not the whole scale. */
export function isRangeActive(key: RangeKey, range: Range): boolean {
  if (key === 'rate') return gradeRangeApplies(range) && !coversWholeScale(range);
  return rangeApplies(range);
}

/** Whether a list narrows anything: In Watchlist only with exactly one option chosen. */
export function isListActive(key: ListKey, values: readonly string[]): boolean {
  return key === 'inWatchlist' ? values.length === 1 : values.length > 0;
}

/** The filters that narrow the feed, in the panel's order. */
export function activeFilterKeys(filters: FilterSet): (RangeKey | ListKey)[] {
  return [
    ...rangeKeys.filter((key) => isRangeActive(key, filters[key])),
    ...listKeys.filter((key) => isListActive(key, filters[key])),
  ];
}
