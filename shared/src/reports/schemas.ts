import { z } from 'zod';
import { sectors } from '../common/sectors';
import { defaultScoreWeights, scoreFactorNames, type ScoreWeights } from '../scan/schemas';

/**
 * The Market Data report and the market charts (spec 001 §2, §3, §5, §7, §9; spec 002 §2.4, §7.6,
 * §9): the scored opportunity report's 21 path parameters, its acknowledgement and job, the market
 * trend graph and the analyst sector trend.
 */

export const reportsApi = {
  /** The spec names 21 path parameters without their order or meaning: ours are `marketDataParams`. */
  marketData:
    '/api/reports/performance_opportunities_csv/:fromMonth/:toMonth/:universe/:sectors/:tickers/:count/:marketCap/:beta/:volume/:daysToEarning/:minEps/:minRoe/:minUpside/:filterAdr/:removeIfAnyShort/:excludeNoRatings/:email/:reportType/:settings/:team/:weights',
  /** The same report's rows as CSV (all sectors, a Sector column), for the job's owner. */
  marketDataCsv: '/api/reports/performance_opportunities_csv/:id',
  marketTrends: '/api/reports/getMarketTrends',
  analystSectorTrend:
    '/api/reports/analyst_sector_trend/:long/:short/:teamOnly/:compareMonths/:startMonth/:universe',
} as const;

/** The job kind of a Market Data report (My reports lists it). */
export const marketDataJobKind = 'reports.marketData';

/** Spec 001 §5 and 002 §5: limits of the report's fields. */
export const reportLimits = {
  mail: 100,
  /** Market cap, beta and volume values. */
  rangeValue: 10,
  /** Spec 001 §9: the sector filter of a downloaded scored report allows fewer than this many sectors. */
  downloadSectors: 10,
  /** Spec 002 §9. */
  symbolsPerSector: 500,
  /** Spec 001 §5: a chart's range must span more than 1 day. */
  minRangeDays: 2,
} as const;

/** Spec 001 §9: the analyst trend's compare periods. */
export const compareMonthsChoices = [1, 3, 6] as const;

/** The refusals of these calls (400 {status:false,msg}). */
export const reportsMessages = {
  month: 'please use month in format YYYY-mm',
  monthOrder: 'the from month must not be after the to month',
  futureMonth: 'the to month must not be after the current month',
  sectors: 'choose at least one sector',
  email: 'Please enter a valid email',
  emailTooLong: `The mail address may have at most ${reportLimits.mail} characters.`,
  rangeValue: `Market cap, beta and volume values may have at most ${reportLimits.rangeValue} characters.`,
  range: 'a condition needs its values: lower than a to value, greater than a from value, range both',
  scoredDownload:
    'A scored report is downloaded only for fewer than 10 sectors or a universe other than all. Choose fewer sectors or a universe, or enter an e-mail.',
  date: 'please use dates in format YYYY-MM-DD',
  widerRange: 'Please select a wider date range',
  longOrShort: 'choose long or short ratings (or both)',
  compareMonths: 'compare months must be 1, 3 or 6',
  weights: `weights: ${scoreFactorNames.length} numbers separated by commas, in the order ${scoreFactorNames.join(', ')}`,
  team: 'team: threshold, minimum ratio and minimum month average, separated by colons',
  unknownUniverse: 'Universe not found',
  noFile: 'This report has no CSV file',
  failed: 'The report could not be completed',
} as const;

const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, reportsMessages.month);

/** '-' (or '') stands for an empty value in a path segment. */
const dash = (text: string) => (text === '-' || text === '' ? null : text);

const optionalNumber = (name: string) =>
  z.string().transform((text, ctx) => {
    const value = dash(text);
    if (value === null) return null;
    const number = Number(value);
    if (value.length > reportLimits.rangeValue || !Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: `${name}: a number or -` });
      return z.NEVER;
    }
    return number;
  });

const flag = z.enum(['0', '1', 'true', 'false']).transform((text) => text === '1' || text === 'true');

/**
 * A market cap, beta or volume condition: `{code}:{from}:{to}` with the scanner's condition codes
 * (spec 002 §5: 0 none, 1 lower than = max only, 2 greater than = min only, 3 range = both); a value
 * the code does not use is cleared (spec 001 §5), each at most 10 characters. '0' alone is none.
 */
export const rangeParam = z.string().transform((text, ctx) => {
  const [code = '0', from = '', to = ''] = text.split(':');
  if (!['0', '1', '2', '3'].includes(code)) {
    ctx.addIssue({ code: 'custom', message: reportsMessages.range });
    return z.NEVER;
  }
  if (from.length > reportLimits.rangeValue || to.length > reportLimits.rangeValue) {
    ctx.addIssue({ code: 'custom', message: reportsMessages.rangeValue });
    return z.NEVER;
  }
  const condition = Number(code) as 0 | 1 | 2 | 3;
  const number = (value: string) => (dash(value) === null ? null : Number(value));
  const min = condition === 2 || condition === 3 ? number(from) : null;
  const max = condition === 1 || condition === 3 ? number(to) : null;
  const missing =
    ((condition === 2 || condition === 3) && (min === null || !Number.isFinite(min))) ||
    ((condition === 1 || condition === 3) && (max === null || !Number.isFinite(max))) ||
    (condition === 3 && min! > max!);
  if (missing) {
    ctx.addIssue({ code: 'custom', message: reportsMessages.range });
    return z.NEVER;
  }
  return { condition, min, max };
});

const sectorIds = sectors.map((sector) => sector.id) as number[];

/** The report kinds of this call. Admin P&L and signal reports have their own calls (admin reports). */
export const marketDataReportTypes = ['scored', 'performance'] as const;
export type MarketDataReportType = (typeof marketDataReportTypes)[number];

/**
 * GET /api/reports/performance_opportunities_csv/... — the 21 path parameters, in order. An empty
 * value is written '-'. A parameter a non-admin may not set (team, weights) is ignored for them.
 */
export const marketDataParamsSchema = z.object({
  /** 1. From month, YYYY-MM: the report's returns are measured from the last close before it. */
  fromMonth: monthField,
  /** 2. To month, YYYY-MM: the scores are as of its last trading day (a non-admin's scored report: one month earlier). */
  toMonth: monthField,
  /** 3. Universe id; 0 is all the symbols of the system. */
  universe: z.coerce.number().int().min(0),
  /** 4. Sector ids (shared `sectors`), comma separated; one sheet per sector. */
  sectors: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .filter((part) => part.trim() !== '')
        .map(Number),
    )
    .pipe(
      z
        .array(
          z
            .number()
            .int()
            .refine((id) => sectorIds.includes(id), 'an unknown sector id'),
        )
        .min(1, reportsMessages.sectors),
    ),
  /** 5. Tickers (comma separated) the report is narrowed to within the universe, or '-' for every one. */
  tickers: z.string().transform((text) =>
    dash(text) === null
      ? null
      : text
          .split(/[\s,]+/)
          .map((ticker) => ticker.trim().toUpperCase())
          .filter((ticker) => ticker !== ''),
  ),
  /** 6. Symbols per sector (the admin's topN): 1 to 500. */
  count: z.coerce.number().int().min(1).max(reportLimits.symbolsPerSector),
  /** 7. Market cap condition, `{code}:{from}:{to}` (see `rangeParam`). */
  marketCap: rangeParam,
  /** 8. Beta condition, `{code}:{from}:{to}`. */
  beta: rangeParam,
  /** 9. Average volume condition, `{code}:{from}:{to}`. */
  volume: rangeParam,
  /** 10. Days to earning: drop symbols whose earnings fall within this many days; '-' for no filter. */
  daysToEarning: optionalNumber('daysToEarning'),
  /** 11. Minimum EPS; '-' for none. */
  minEps: optionalNumber('minEps'),
  /** 12. Minimum ROE (percent); '-' for none. */
  minRoe: optionalNumber('minRoe'),
  /** 13. Minimum upside to the analysts' target (percent); '-' for none. */
  minUpside: optionalNumber('minUpside'),
  /** 14. Filter ADR: 1 drops depositary receipts. */
  filterAdr: flag,
  /** 15. Remove if any short: 1 drops a symbol with any current sell rating. */
  removeIfAnyShort: flag,
  /** 16. Exclude no ratings: 1 drops a symbol without a current rating. */
  excludeNoRatings: flag,
  /** 17. Recipient (at most 100 characters), or '-' for no mail: the file then waits in My reports. */
  email: z
    .string()
    // Spec 002 §5: at most 100 characters (the gateway's path segment limit leaves this check to say so).
    .max(reportLimits.mail, reportsMessages.emailTooLong)
    .transform((text) => dash(text))
    .refine((text) => text === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text), reportsMessages.email),
  /** 18. Report type: scored (ranked by the score) or performance (ranked by the return, no scores). */
  reportType: z.enum(marketDataReportTypes),
  /** 19. A saved scanner setting whose filters are the base (the parameters above override them); 0 for none. */
  settings: z.coerce.number().int().min(0),
  /** 20. Admins: the analyst team's `{teamThreshold}:{minRatio}:{minMonthAvg}`; '-' for the defaults. */
  team: z.string().transform((text, ctx) => {
    if (dash(text) === null) return null;
    const [threshold, ratio, monthAvg] = text.split(':').map(Number);
    const ok =
      Number.isInteger(threshold) &&
      threshold! >= 1 &&
      threshold! <= 100 &&
      [ratio, monthAvg].every((value) => value !== undefined && value >= 0 && value <= 1);
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: reportsMessages.team });
      return z.NEVER;
    }
    return { teamThreshold: threshold!, minRatio: ratio!, minMonthAvg: monthAvg! };
  }),
  /** 21. Admins: the 16 score weights, comma separated in `scoreFactorNames` order; '-' for the defaults. */
  weights: z.string().transform((text, ctx) => {
    if (dash(text) === null) return null;
    const values = text.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
    if (values.length !== scoreFactorNames.length || values.some((value) => !Number.isFinite(value))) {
      ctx.addIssue({ code: 'custom', message: reportsMessages.weights });
      return z.NEVER;
    }
    return Object.fromEntries(scoreFactorNames.map((name, i) => [name, values[i]!])) as ScoreWeights;
  }),
});
export type MarketDataParams = z.infer<typeof marketDataParamsSchema>;
export type MarketDataPathParams = z.input<typeof marketDataParamsSchema>;

/** The weights as parameter 21 writes them. */
export const weightsParam = (weights: ScoreWeights = defaultScoreWeights) =>
  scoreFactorNames.map((name) => weights[name]).join(',');

/** A range condition as parameters 7 to 9 write it. */
export const rangeParamText = (range: { condition: number; min: number | null; max: number | null }) =>
  range.condition === 0 ? '0' : `${range.condition}:${range.min ?? '-'}:${range.max ?? '-'}`;

/** Spec 001 §5: download is enabled for fewer than 10 sectors, a universe other than all, or an unscored report. */
export const canDownloadReport = (input: {
  reportType: MarketDataReportType;
  sectorCount: number;
  universe: number;
}) =>
  input.reportType !== 'scored' || input.sectorCount < reportLimits.downloadSectors || input.universe !== 0;

/** YYYY-MM shifted by whole months. */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year! * 12 + (m! - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Spec 001 §5: a non-admin's scored report ends one month earlier than the chosen end month. */
export const effectiveToMonth = (toMonth: string, reportType: MarketDataReportType, isAdmin: boolean) =>
  reportType === 'scored' && !isAdmin ? shiftMonth(toMonth, -1) : toMonth;

export const marketDataAckSchema = z.object({
  status: z.literal(true),
  /** "Your request was received, please note that this process may take up to one hour to complete." */
  msg: z.string(),
  jobId: z.string(),
  delivery: z.enum(['mail', 'download']),
  /** The months the report covers (the to month after the non-admin rule). */
  fromMonth: z.string(),
  toMonth: z.string(),
});
export type MarketDataAck = z.infer<typeof marketDataAckSchema>;

export const marketDataCsvParamsSchema = z.object({ id: z.uuid({ error: 'id must be a job id' }) });

/** What the report's job leaves in its result (My reports shows it). */
export interface MarketDataJobResult {
  asOf: string;
  fromMonth: string;
  toMonth: string;
  rows: number;
  sheets: string[];
  csv: string;
}

// ---------------------------------------------------------------- charts

/** Spec 001 §3 Chart data: labels, datasets, first. */
export const chartDataSchema = z.object({
  labels: z.array(z.string()),
  datasets: z.array(z.object({ label: z.string(), data: z.array(z.number().nullable()) })),
  first: z.string().nullable(),
});
export type ChartData = z.infer<typeof chartDataSchema>;

const dateField = z.iso.date({ error: reportsMessages.date });

/** GET reports/getMarketTrends?fromDate&toDate (YYYY-MM-DD); both default (last 3 months to yesterday). */
export const marketTrendsQuerySchema = z.object({
  fromDate: dateField.optional(),
  toDate: dateField.optional(),
});
export type MarketTrendsQuery = z.infer<typeof marketTrendsQuerySchema>;

export const marketTrendsResponseSchema = z.object({
  status: z.literal(true),
  fromDate: z.string(),
  toDate: z.string(),
  chart_data: chartDataSchema,
});
export type MarketTrendsResponse = z.infer<typeof marketTrendsResponseSchema>;

/** The market trend's lines: the broad market, then each sector's SPDR ETF. */
export const marketTrendSymbols = ['SPY', 'RSP', ...sectors.map((sector) => sector.symbol)] as const;

/** Days between two YYYY-MM-DD dates. */
export const daysApart = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Spec 001 §5: the range must span more than 1 day. */
export const isWideEnough = (from: string, to: string) => daysApart(from, to) >= reportLimits.minRangeDays;

export const analystSectorTrendParamsSchema = z.object({
  /** Count buy (long) ratings. */
  long: flag,
  /** Count sell (short) ratings. */
  short: flag,
  /** Only ratings by each sector's analyst team (as of the start month). */
  teamOnly: flag,
  /** The length of each compared period: 1, 3 or 6 months. */
  compareMonths: z.coerce
    .number()
    .refine(
      (value) => (compareMonthsChoices as readonly number[]).includes(value),
      reportsMessages.compareMonths,
    ),
  /** YYYY-MM: the first month of the recent period. */
  startMonth: monthField,
  /** Universe id, 0 for all symbols. */
  universe: z.coerce.number().int().min(0),
});
export type AnalystSectorTrendParams = z.infer<typeof analystSectorTrendParamsSchema>;

export const analystSectorTrendResponseSchema = z.object({
  status: z.literal(true),
  /** The two periods compared, each [first day, last day]. */
  previous: z.tuple([z.string(), z.string()]),
  recent: z.tuple([z.string(), z.string()]),
  /** labels: sectors in display order; datasets: previous period, recent period, change (points). */
  chart_data: chartDataSchema,
  /** Ratings counted per sector and period (for the tooltip and the table). */
  counts: z.array(
    z.object({
      sector: z.string(),
      previous: z.object({ long: z.number(), short: z.number() }),
      recent: z.object({ long: z.number(), short: z.number() }),
    }),
  ),
});
export type AnalystSectorTrendResponse = z.infer<typeof analystSectorTrendResponseSchema>;
