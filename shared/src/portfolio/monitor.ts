import Decimal from 'decimal.js';
import { z } from 'zod';
import { idField } from '../common/fields';
import {
  benchmarkSymbols,
  defaultMonitorSettings,
  monitorSettingSchema,
  monitorTypes,
  portfolioLimits,
} from './schemas';
import type { MonitorSetting, MonitorType, Position, PositionKind } from './schemas';

/**
 * The portfolio monitor (spec 001 §3 "Monitor settings entry", "Preferences", §4 badge colours, §5,
 * §9): the settings and preferences a file keeps, and the rules that turn the stored facts of an open
 * position into notifications and into the position's warning badge. Pure: the gateway gathers the
 * facts and stores the hits; the portfolio table computes badges from the same rules.
 */

// ---- settings ----

/** Spec 001 §5: monitor values allow 2 characters. */
export const monitorValueMax = 99;

/**
 * Spec 001 §9: what a threshold means when a rule is enabled with no value ("just enabled"): profit
 * 12, benchmark 10; stop-loss and universe rank take their defaults (10).
 */
export const monitorFallbacks = { profit: 12, etf: 10, sl: 10, universeRank: 10 } as const;
export type ThresholdType = keyof typeof monitorFallbacks;
export const thresholdTypes = Object.keys(monitorFallbacks) as ThresholdType[];
const isThreshold = (type: MonitorType): type is ThresholdType => type in monitorFallbacks;

/** Spec 001 §9: a position held this long is due a refresh. */
export const refreshAfterMonths = 3;

/** The MA50 rule's direction (`selectedOption`): a cross either way (null), only below, or only above. */
export const ma50Options = ['below', 'above'] as const;

/** Spec 001 §9 monitor defaults (written once in ./schemas.ts), in the order the dialog lists them. */
export const monitorDefaults: readonly MonitorSetting[] = defaultMonitorSettings;

/** What the Settings dialog calls each rule, and what its value means. */
export const monitorLabels: Record<MonitorType, { label: string; unit: string | null }> = {
  buy: { label: 'Buy rating on a held symbol', unit: null },
  sell: { label: 'Sell rating on a held symbol', unit: null },
  earning: { label: 'Earnings announcement coming up', unit: null },
  refresh: { label: `Refresh after ${refreshAfterMonths} months`, unit: null },
  ma50: { label: 'Price crosses its 50-day moving average', unit: null },
  etf: { label: 'Deviation from the benchmark ETF', unit: '%' },
  sl: { label: 'Stop-loss since entry', unit: '%' },
  split: { label: 'Stock split', unit: null },
  profit: { label: 'Take profit', unit: '%' },
  universeRank: { label: 'Universe rank decrease', unit: 'points' },
};

/** A value of the dialog: empty (null) or up to 2 digits. */
export const monitorValueField = z
  .number({ error: 'Monitor values are whole numbers of up to 2 digits' })
  .int({ error: 'Monitor values are whole numbers of up to 2 digits' })
  .min(0, { error: 'Monitor values are whole numbers of up to 2 digits' })
  .max(monitorValueMax, { error: 'Monitor values are whole numbers of up to 2 digits' })
  .nullable();

export const monitorSettingInputSchema = monitorSettingSchema.extend({
  value: monitorValueField,
  selectedOption: z.enum(ma50Options).nullable().default(null),
});

/** Every type once; those not sent keep what the file had. */
export const monitorSettingsInputSchema = z
  .array(monitorSettingInputSchema)
  .max(monitorTypes.length)
  .refine((list) => new Set(list.map((entry) => entry.type)).size === list.length, {
    error: 'settings: each monitor type at most once',
  });

/** The full list in the spec's order, `stored` over the defaults. */
export function completeMonitorSettings(
  stored: readonly MonitorSetting[] | null | undefined,
): MonitorSetting[] {
  const byType = new Map((stored ?? []).map((entry) => [entry.type, entry]));
  return monitorDefaults.map((fallback) => ({ ...fallback, ...byType.get(fallback.type) }));
}

/** The threshold a rule works with: its value, else (0 or empty, "just enabled") the fallback. */
export function thresholdOf(setting: MonitorSetting): number {
  const type = setting.type;
  if (!isThreshold(type)) throw new RangeError(`${type} has no threshold`);
  return setting.value !== null && setting.value > 0 ? setting.value : monitorFallbacks[type];
}

// ---- preferences ----

export const riskLevels = ['Low', 'Medium', 'High'] as const;
/** Spec 001 §9 preference options. */
export const sectorWeightOptions = ['Sentiment', 'Benchmark'] as const;
export const positionWeightOptions = ['Equal weighting', 'Relative weight'] as const;

export const preferencesSchema = z.object({
  /** The benchmark of a position without a sector ETF, and the charts' first benchmark. */
  default_etf: z
    .string()
    .trim()
    .toUpperCase()
    .refine((symbol) => benchmarkSymbols.includes(symbol), {
      error: 'default_etf: choose one of the benchmarks',
    }),
  number_of_positions: z
    .number({ error: 'number_of_positions: a whole number from 1 to 99' })
    .int({ error: 'number_of_positions: a whole number from 1 to 99' })
    .min(1, { error: 'number_of_positions: a whole number from 1 to 99' })
    .max(99, { error: 'number_of_positions: a whole number from 1 to 99' }),
  /** Percent of the file kept in cash. */
  cash_position: z
    .number({ error: 'cash_position: a whole percent from 0 to 99' })
    .int({ error: 'cash_position: a whole percent from 0 to 99' })
    .min(0, { error: 'cash_position: a whole percent from 0 to 99' })
    .max(99, { error: 'cash_position: a whole percent from 0 to 99' }),
  risk: z.enum(riskLevels, { error: `risk: one of ${riskLevels.join(', ')}` }),
  sector_weight: z.enum(sectorWeightOptions, {
    error: `sector_weight: one of ${sectorWeightOptions.join(', ')}`,
  }),
  position_weight: z.enum(positionWeightOptions, {
    error: `position_weight: one of ${positionWeightOptions.join(', ')}`,
  }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const defaultPreferences: Preferences = {
  default_etf: 'SPY',
  number_of_positions: 20,
  cash_position: 10,
  risk: 'Medium',
  sector_weight: 'Sentiment',
  position_weight: 'Equal weighting',
};

// ---- the calls (portfolioApi.settings / updateSettings) ----

/** GET file/get_portfolio_settings/{id}. */
export const portfolioSettingsResponseSchema = z.object({
  notification_settings: z.array(monitorSettingSchema),
  preferences: preferencesSchema,
});
export type PortfolioSettings = z.infer<typeof portfolioSettingsResponseSchema>;

/** POST file/update_notifications_settings {portfolio, settings, preferences}; either may be left out. */
export const updateSettingsBodySchema = z.object({
  portfolio: idField,
  settings: monitorSettingsInputSchema.optional(),
  preferences: preferencesSchema.partial().optional(),
});
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;

export const updateSettingsResponseSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  notification_settings: z.array(monitorSettingSchema),
  preferences: preferencesSchema,
});

// ---- the rules ----

/** A rating on the position's symbol, the latest published since the entry. */
export interface RatingFact {
  rating: 'buy' | 'sell';
  /** Its market day, YYYY-MM-DD. */
  day: string;
  analyst: string;
  priceTarget: number | null;
}

/**
 * What the rules read of one open position, all as of the market's `today` (YYYY-MM-DD). Missing
 * facts are null and their rules stay quiet.
 */
export interface MonitorFacts {
  today: string;
  symbol: string;
  kind: PositionKind;
  entryDate: string;
  entryPrice: number;
  lastPrice: number | null;
  /** The benchmark ETF's percent change over the position's period (from the close before entry). */
  etfPercent: number | null;
  /** The mean of the last 50 closes. */
  ma50: number | null;
  /** The last close before today, to tell a cross of the MA50 today. */
  previousClose: number | null;
  /** The next earnings date on or after today - 2 days, YYYY-MM-DD. */
  earningDate: string | null;
  rating: RatingFact | null;
  /** A split seen in the daily bars: its day and ratio (2 for 2-for-1, 0.5 for 1-for-2). */
  split: { day: string; ratio: number } | null;
  /** Rank by market cap among the universe's stocks (1 = largest) at entry and now. */
  rank: { atEntry: number; now: number } | null;
}

/** One rule that fired: stored once per (portfolio, position, rule, day). */
export interface MonitorHit {
  type: MonitorType;
  /** The day the hit belongs to: today, or the day of its fact (the earnings date, the rating's day…). */
  day: string;
  title: string;
  text: string;
  /** The figure that crossed (percent, points, ratio), for the list and the report. */
  factor: number | null;
}

const toDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayString = (date: Date) => date.toISOString().slice(0, 10);
export function addDays(day: string, days: number): string {
  const date = toDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayString(date);
}
/** `day` plus whole months; the 31st of a shorter month falls to its last day. */
export function addMonths(day: string, months: number): string {
  const date = toDay(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return dayString(target);
}
const daysBetween = (from: string, to: string) =>
  Math.round((toDay(to).getTime() - toDay(from).getTime()) / 86_400_000);

const round2 = (value: Decimal) => value.toDecimalPlaces(2).toNumber();
const fmt = (value: Decimal | number) => new Decimal(value).toDecimalPlaces(2).toString();

/** The position's gain in percent since entry, exact: a short gains when the price falls. */
export function positionPercent(kind: PositionKind, entryPrice: number, lastPrice: number): Decimal {
  const move = new Decimal(lastPrice).minus(entryPrice).times(100).dividedBy(entryPrice);
  return kind === 'Long' ? move : move.negated();
}

/** The position's gain less the benchmark's over the same days, as the position sees it. */
export function benchmarkDeviation(
  kind: PositionKind,
  entryPrice: number,
  lastPrice: number,
  etfPercent: number,
) {
  const etf = kind === 'Long' ? new Decimal(etfPercent) : new Decimal(etfPercent).negated();
  return positionPercent(kind, entryPrice, lastPrice).minus(etf);
}

/** Whether the earnings date is in the badge's window: from 2 days before to 14 days ahead (spec 001 §9). */
export function earningsInWindow(earningDate: string | null, today: string): boolean {
  if (earningDate === null) return false;
  const ahead = daysBetween(today, earningDate);
  return ahead >= -portfolioLimits.earningsBadgeDaysBefore && ahead <= portfolioLimits.earningsBadgeDaysAhead;
}

/** A side of the MA50: a price on it counts as above. */
const aboveMa = (price: number, ma: number) => price >= ma;

/** The rules, each quiet unless its setting is checked and its facts are known. */
const rules: Record<MonitorType, (facts: MonitorFacts, setting: MonitorSetting) => MonitorHit | null> = {
  sl(f, s) {
    if (f.lastPrice === null) return null;
    const limit = thresholdOf(s);
    const percent = positionPercent(f.kind, f.entryPrice, f.lastPrice);
    if (percent.greaterThan(-limit)) return null;
    return {
      type: 'sl',
      day: f.today,
      title: `Stop-loss: ${f.symbol}`,
      text: `${f.symbol} (${f.kind}) is ${fmt(percent)}% since the entry on ${f.entryDate}, past the ${limit}% stop-loss.`,
      factor: round2(percent),
    };
  },
  profit(f, s) {
    if (f.lastPrice === null) return null;
    const target = thresholdOf(s);
    const percent = positionPercent(f.kind, f.entryPrice, f.lastPrice);
    if (percent.lessThan(target)) return null;
    return {
      type: 'profit',
      day: f.today,
      title: `Take profit: ${f.symbol}`,
      text: `${f.symbol} (${f.kind}) is up ${fmt(percent)}% since the entry on ${f.entryDate}, past the ${target}% take profit.`,
      factor: round2(percent),
    };
  },
  etf(f, s) {
    if (f.lastPrice === null || f.etfPercent === null) return null;
    const limit = thresholdOf(s);
    const deviation = benchmarkDeviation(f.kind, f.entryPrice, f.lastPrice, f.etfPercent);
    if (deviation.greaterThan(-limit)) return null;
    return {
      type: 'etf',
      day: f.today,
      title: `Underperforming the benchmark: ${f.symbol}`,
      text: `${f.symbol} (${f.kind}) is ${fmt(deviation.negated())} points behind its benchmark ETF since the entry on ${f.entryDate} (limit ${limit}).`,
      factor: round2(deviation),
    };
  },
  ma50(f, s) {
    if (f.lastPrice === null || f.previousClose === null || f.ma50 === null) return null;
    const before = aboveMa(f.previousClose, f.ma50);
    const now = aboveMa(f.lastPrice, f.ma50);
    if (before === now) return null;
    const direction = now ? 'above' : 'below';
    if (s.selectedOption !== null && s.selectedOption !== direction) return null;
    return {
      type: 'ma50',
      day: f.today,
      title: `${f.symbol} crossed ${direction} its 50-day average`,
      text: `${f.symbol} at ${fmt(f.lastPrice)} crossed ${direction} its 50-day moving average of ${fmt(f.ma50)}.`,
      factor: round2(new Decimal(f.lastPrice).minus(f.ma50).times(100).dividedBy(f.ma50)),
    };
  },
  earning(f) {
    if (f.earningDate === null) return null;
    const ahead = daysBetween(f.today, f.earningDate);
    if (ahead < 0 || ahead > portfolioLimits.earningsBadgeDaysAhead) return null;
    return {
      type: 'earning',
      // One notice per announcement, however many days it is seen coming.
      day: f.earningDate,
      title: `Earnings coming up: ${f.symbol}`,
      text:
        ahead === 0
          ? `${f.symbol}: earning announcement is today.`
          : `${f.symbol}: earning announcement is coming up on ${f.earningDate}.`,
      factor: ahead,
    };
  },
  buy(f) {
    if (f.rating === null || f.rating.rating !== 'buy' || f.rating.day < f.entryDate) return null;
    return ratingHit(f, f.rating);
  },
  sell(f) {
    if (f.rating === null || f.rating.rating !== 'sell' || f.rating.day < f.entryDate) return null;
    return ratingHit(f, f.rating);
  },
  refresh(f) {
    const due = addMonths(f.entryDate, refreshAfterMonths);
    if (f.today < due) return null;
    return {
      type: 'refresh',
      // Once: on the day it fell due.
      day: due,
      title: `Time to refresh ${f.symbol}`,
      text: `${f.symbol} has been held since ${f.entryDate}, ${refreshAfterMonths} months or more: review the position.`,
      factor: refreshAfterMonths,
    };
  },
  split(f) {
    if (f.split === null || f.split.day < f.entryDate) return null;
    const { ratio } = f.split;
    const shape = ratio >= 1 ? `${fmt(ratio)}-for-1` : `1-for-${fmt(1 / ratio)}`;
    return {
      type: 'split',
      day: f.split.day,
      title: `Stock split: ${f.symbol}`,
      text: `${f.symbol} split ${shape} on ${f.split.day}.`,
      factor: ratio,
    };
  },
  universeRank(f, s) {
    if (f.rank === null) return null;
    const limit = thresholdOf(s);
    const fall = f.rank.now - f.rank.atEntry;
    if (fall < limit) return null;
    return {
      type: 'universeRank',
      day: f.today,
      title: `Universe rank down: ${f.symbol}`,
      text: `${f.symbol} fell ${fall} places in the universe rank since the entry (from ${f.rank.atEntry} to ${f.rank.now}).`,
      factor: fall,
    };
  },
};

function ratingHit(f: MonitorFacts, rating: RatingFact): MonitorHit {
  const stance = rating.rating === 'buy' ? 'BULLISH' : 'BEARISH';
  const target = rating.priceTarget === null ? '' : ` with Target ${fmt(rating.priceTarget)}`;
  return {
    type: rating.rating,
    day: rating.day,
    title: `${rating.rating === 'buy' ? 'Buy' : 'Sell'} rating on ${f.symbol}`,
    text: `${rating.analyst} is ${stance} on ${f.symbol}${target}, which you hold (${f.kind}).`,
    factor: rating.priceTarget,
  };
}

/** Runs every checked rule over one position's facts; the hits in the spec's order of types. */
export function evaluateMonitor(settings: readonly MonitorSetting[], facts: MonitorFacts): MonitorHit[] {
  const hits: MonitorHit[] = [];
  for (const setting of completeMonitorSettings(settings)) {
    if (!setting.checked) continue;
    const hit = rules[setting.type](facts, setting);
    if (hit) hits.push(hit);
  }
  return hits;
}

// ---- the warning badge ----

/** Spec 001 §4: red, then yellow, then grey, then green. */
export const badgeColours = ['red', 'yellow', 'grey', 'green'] as const;
export type BadgeColour = (typeof badgeColours)[number];

export interface PositionBadge {
  colour: BadgeColour;
  /** Every reason, the most urgent first; the badge's tooltip. */
  reasons: string[];
}

/** Which colour each rule's warning takes, for the position's side of it. */
function colourOf(hit: MonitorHit, kind: PositionKind): BadgeColour {
  switch (hit.type) {
    case 'sl':
    case 'etf':
      return 'red';
    case 'sell':
      return kind === 'Long' ? 'red' : 'green';
    case 'buy':
      return kind === 'Long' ? 'green' : 'red';
    case 'earning':
    case 'split':
    case 'universeRank':
      return 'yellow';
    case 'ma50':
      return 'yellow';
    case 'refresh':
      return 'grey';
    case 'profit':
      return 'green';
  }
}

/**
 * The position's warning badge from the same rules as the notifications, or null when none applies.
 * Unlike a notification, a badge shows a standing state: the earnings window runs from 2 days before
 * to 14 ahead, and the MA50 warning shows while the price is on the position's wrong side of it.
 */
export function badgeOf(settings: readonly MonitorSetting[], facts: MonitorFacts): PositionBadge | null {
  const complete = completeMonitorSettings(settings);
  const found: { colour: BadgeColour; reason: string }[] = [];
  for (const hit of evaluateMonitor(complete, facts)) {
    if (hit.type === 'ma50' || hit.type === 'earning') continue;
    found.push({ colour: colourOf(hit, facts.kind), reason: hit.title });
  }
  const checked = (type: MonitorType) => complete.find((setting) => setting.type === type)?.checked === true;
  if (checked('earning') && earningsInWindow(facts.earningDate, facts.today))
    found.push({ colour: 'yellow', reason: `Earnings on ${facts.earningDate}` });
  if (checked('ma50') && facts.lastPrice !== null && facts.ma50 !== null) {
    const above = aboveMa(facts.lastPrice, facts.ma50);
    if (above !== (facts.kind === 'Long'))
      found.push({ colour: 'yellow', reason: `${above ? 'Above' : 'Below'} its 50-day average` });
  }
  if (found.length === 0) return null;
  found.sort((a, b) => badgeColours.indexOf(a.colour) - badgeColours.indexOf(b.colour));
  return { colour: found[0]!.colour, reasons: found.map((entry) => entry.reason) };
}

/**
 * The badge of a row of the open positions table: the facts the Position answer carries (P/L, the
 * ETF's percent, MA50, earnings), as of `today`. Ratings, splits and ranks show through notifications.
 */
export function positionBadge(
  position: Position,
  settings: readonly MonitorSetting[],
  today: string,
): PositionBadge | null {
  return badgeOf(settings, {
    today,
    symbol: position.symbol,
    kind: position.pos_type,
    entryDate: position.entry_date.date.slice(0, 10),
    entryPrice: position.entry,
    lastPrice: position.last_price,
    etfPercent: position.etf_pl_per,
    ma50: position.ma50,
    previousClose: null,
    earningDate: position.earning,
    rating: null,
    split: null,
    rank: null,
  });
}

/** Spec 001 §5 limit of the dialog's inputs. */
export const monitorValueMaxLength = 2;

/** Split ratios the daily bars are read for: n-for-1, 3-for-2, and their reverse. */
const splitRatios = [1.5, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20];
const splitTolerance = 0.02;

/**
 * A split seen in the daily bars: the day's open against the close before it, within 2% of a usual
 * ratio (2 for 2-for-1, 0.5 for 1-for-2). Null for an ordinary gap.
 */
export function splitRatioOf(previousClose: number, open: number): number | null {
  if (!(previousClose > 0) || !(open > 0)) return null;
  const jump = previousClose / open;
  for (const ratio of splitRatios) {
    if (Math.abs(jump / ratio - 1) <= splitTolerance) return ratio;
    if (Math.abs(jump * ratio - 1) <= splitTolerance) return 1 / ratio;
  }
  return null;
}
