import { z } from 'zod';

/** The backtests' calls (spec 002 §7.6), under /api (the /api/v1 alias is automatic). */
export const backtestApi = {
  graph: '/api/reports/backtest_graph_data',
  excel: '/api/reports/backtest_excel_report',
  strategy: '/api/reports/portfolio_backtest_report',
  analyst: '/api/reports/analyst_backtest',
  filter: '/api/reports/filter_backtest',
} as const;

/** Job kinds (My reports shows their labels). */
export const backtestJobKinds = {
  excel: 'backtest.excel',
  strategy: 'backtest.strategy',
  alerts: 'backtest.alerts',
} as const;

export const backtestMessages = {
  /** Spec 002 §8: a strategy backtest without recipient, portfolio count or stock count. */
  missingData: 'missing data',
  noTickers: 'tickers: enter at least one symbol',
  badRange: 'end_month: the end must not be before the start',
  unknownUniverse: 'Universe not found',
  unknownAnalyst: 'Analyst not found',
  noData: 'No prices for this period',
  /** Spec 002 §8 success notices. */
  strategyAccepted:
    'Request received: the portfolio backtest takes several hours at most; the file will be sent by email and waits in My reports.',
  excelAccepted: 'Request received: the file will be sent by email and waits in My reports.',
} as const;

/** Spec 002 §9: 3 parallel portfolios (1 to 4), 20 stocks, 2 processed months (1 to 4); SPY. */
export const strategyDefaults = { numFiles: 3, numTickers: 20, numInvMonths: 2 } as const;
export const defaultBenchmark = 'SPY';
export const maxBacktestTickers = 50;
export const maxStrategyTickers = 100;

/** Symbols typed with comma, space or new-line separators (spec 002 §5), or a list. */
export const symbolListSchema = z
  .union([z.string().max(2000), z.array(z.string().max(20)).max(200)])
  .transform((value) => [
    ...new Set(
      (Array.isArray(value) ? value : value.split(/[\s,]+/))
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== ''),
    ),
  ])
  .pipe(z.array(z.string().regex(/^[A-Z][A-Z0-9.-]{0,9}$/, 'not a symbol')).max(maxBacktestTickers));

/** A month (YYYY-MM) or a day (YYYY-MM-DD). */
export const monthOrDaySchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'use YYYY-MM or YYYY-MM-DD');

const recipientSchema = z.email('not a valid email').max(100);

export const backtestGraphBodySchema = z.object({
  start_month: monthOrDaySchema,
  end_month: monthOrDaySchema,
  tickers: symbolListSchema,
  benchmarks: symbolListSchema.optional(),
});
export type BacktestGraphBody = z.infer<typeof backtestGraphBodySchema>;

export const backtestExcelBodySchema = backtestGraphBodySchema.extend({ email: recipientSchema });
export type BacktestExcelBody = z.infer<typeof backtestExcelBodySchema>;

/**
 * The strategy backtest's body: recipient, portfolio count and stock count are checked by the service
 * so that their absence answers the spec's "missing data".
 */
export const strategyBodySchema = z.object({
  start_month: monthOrDaySchema,
  end_month: monthOrDaySchema,
  universeId: z.coerce.number().int().positive(),
  numFiles: z.union([z.coerce.number().int().min(1).max(4), z.literal(''), z.null()]).optional(),
  numTickers: z
    .union([z.coerce.number().int().min(1).max(maxStrategyTickers), z.literal(''), z.null()])
    .optional(),
  num_inv_months: z.coerce.number().int().min(1).max(4).default(strategyDefaults.numInvMonths),
  email: z.union([recipientSchema, z.literal(''), z.null()]).optional(),
});
export type StrategyBody = z.infer<typeof strategyBodySchema>;

/** "Backtest this analyst": the analyst's alerts; "Backtest my filter": the alerts a feed filter keeps. */
export const alertsBacktestBodySchema = z.object({
  start_month: monthOrDaySchema.optional(),
  end_month: monthOrDaySchema.optional(),
  analystId: z.string().min(1).max(100).optional(),
  /** The analyst by name (the feed's alerts name their analyst): used when no id is given. */
  analyst: z.string().min(1).max(200).optional(),
  /** The feed's filter (see alerts' schemas); the caller's own saved filter when absent. */
  filter: z.record(z.string(), z.unknown()).optional(),
  benchmarks: symbolListSchema.optional(),
  email: recipientSchema.optional(),
});
export type AlertsBacktestBody = z.infer<typeof alertsBacktestBodySchema>;

export const backtestStatsSchema = z.object({
  totalReturn: z.number(),
  volatility: z.number(),
  sharpe: z.number().nullable(),
  maxDrawdown: z.number(),
});
export type BacktestStats = z.infer<typeof backtestStatsSchema>;

export const backtestSeriesSchema = z.object({
  name: z.string(),
  kind: z.enum(['symbol', 'benchmark', 'portfolio']),
  /** Cumulative return (a fraction) at each calendar day's close. */
  values: z.array(z.number()),
  monthly: z.array(z.object({ month: z.string(), value: z.number() })),
  stats: backtestStatsSchema,
});
export type BacktestSeries = z.infer<typeof backtestSeriesSchema>;

export const backtestGraphResponseSchema = z.object({
  status: z.literal(true),
  start: z.string(),
  end: z.string(),
  dates: z.array(z.string()),
  series: z.array(backtestSeriesSchema),
  /** Symbols without prices in the period. */
  missing: z.array(z.string()),
  /** Alerts backtests: the trades taken. */
  trades: z
    .array(
      z.object({
        symbol: z.string(),
        analyst: z.string(),
        entry: z.string(),
        exit: z.string(),
        why: z.string(),
        return: z.number(),
      }),
    )
    .optional(),
});
export type BacktestGraphResponse = z.infer<typeof backtestGraphResponseSchema>;

export const backtestAcceptedSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  jobId: z.string(),
});
export type BacktestAccepted = z.infer<typeof backtestAcceptedSchema>;
