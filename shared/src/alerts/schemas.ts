import { z } from 'zod';

/** A [min, max] pair; [0, 0] means unset (spec 000 §3). */
export const rangeSchema = z.tuple([z.number(), z.number()]);

/** The alert filter set stored per user (spec 000 §3, §5). */
export const filterSetSchema = z.object({
  market_cap: rangeSchema,
  beta: rangeSchema,
  upside: rangeSchema,
  lastPrice: rangeSchema,
  pe_ratio_12m: rangeSchema,
  rate: rangeSchema,
  universes: z.array(z.string().max(100)).max(100),
  rating: z.array(z.enum(['buy', 'sell'])).max(2),
  sector_name: z.array(z.string().max(100)).max(50),
  analyst_name: z.array(z.string().max(200)).max(1000),
  inWatchlist: z.array(z.enum(['In Watchlist', 'Not In Watchlist'])).max(2),
});
export type FilterSet = z.infer<typeof filterSetSchema>;

export const emptyFilterSet: FilterSet = {
  market_cap: [0, 0],
  beta: [0, 0],
  upside: [0, 0],
  lastPrice: [0, 0],
  pe_ratio_12m: [0, 0],
  rate: [1, 7],
  universes: [],
  rating: [],
  sector_name: [],
  analyst_name: [],
  inWatchlist: [],
};

/** Alert types of spec 000 §3. */
export const alertTypes = {
  rating: 1014,
  earningsUpcoming: 1015,
  underperforming: 1016,
  earningsToday: 1017,
  targetNear: 1004,
} as const;
export type AlertType = (typeof alertTypes)[keyof typeof alertTypes];

export const alertTypeNames: Record<AlertType, string> = {
  1014: 'alert_type_buy',
  1015: 'alert_type_earning_announcement',
  1016: 'alert_type_under_performin_relative_to_sector',
  1017: 'alert_type_earning_announcement_today',
  1004: 'alert_type_target_price',
};

/** An alert of spec 000 §3, as the gateway sends it (the client adds local_status and mock). */
export const alertSchema = z.object({
  id: z.number().int(),
  type: z.union([z.literal(1014), z.literal(1015), z.literal(1016), z.literal(1017), z.literal(1004)]),
  rating: z.enum(['buy', 'sell']).nullable(),
  symbol: z.string(),
  /** Unix seconds. */
  time: z.number().int(),
  analyst_name: z.string().nullable(),
  /** Percent, 0 to 100, of the analyst's decided ratings in the sector that succeeded. */
  success_rate: z.number().nullable(),
  price_target: z.number().nullable(),
  sector_name: z.string().nullable(),
  company_name_2: z.string().nullable(),
  /** The analyst's grade in the sector, 1 (C+) to 7 (A+). */
  rate: z.number().int().nullable(),
  earning_date: z.string().nullable(),
  market_cap: z.number().nullable(),
  /** Rank by market cap in the universe, 1 = largest. */
  mc_index: z.number().int().nullable(),
  beta: z.number().nullable(),
  upside: z.number().nullable(),
  pe_ratio_12m: z.number().nullable(),
  universes: z.array(z.string()),
  /** The rating's original text fields, for the card's expandable original rating. */
  rating_id: z.string().nullable(),
  firm: z.string().nullable(),
  /** The price when the rating was published (the original rating's entry price). */
  price_when_posted: z.number().nullable(),
  last_price: z.number().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** POST /api/finance/dismiss_alert and execute_alert. */
export const alertActionBodySchema = z.object({ alert_id: z.number().int().positive() });

export const alertsApi = {
  financeInfo: '/api/user/finance_info/:id/:session/true',
  dismiss: '/api/finance/dismiss_alert',
  execute: '/api/finance/execute_alert',
  /** Beyond the spec's calls: the user's alert filters, kept on the server (spec 000 §4). */
  saveFilters: '/api/user/save_alert_filters',
} as const;

/** POST user/save_alert_filters `{alert_filters}`; null clears them (back to the defaults). */
export const saveAlertFiltersBodySchema = z.object({ alert_filters: filterSetSchema.nullable() });
export type SaveAlertFiltersBody = z.infer<typeof saveAlertFiltersBodySchema>;

/** The answer of finance_info: the current profile's alerts newest first, and what the feed needs with them. */
export const financeInfoResponseSchema = z.object({
  info: z.object({
    finance_info: z.object({
      profile_id: z.number().int(),
      market_open: z.boolean().nullable(),
      /** Latest quotes of the alerts' symbols, keyed by upper-case symbol. */
      quotes: z.record(z.string(), z.object({ lastPrice: z.number(), dailyChange: z.number() })),
    }),
    alerts: z.array(alertSchema),
  }),
  timings: z.object({ alerts_ms: z.number(), total_ms: z.number() }),
});
export type FinanceInfoResponse = z.infer<typeof financeInfoResponseSchema>;
