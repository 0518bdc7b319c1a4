import { z } from 'zod';
import { optionalProfileId } from '../profiles/schemas';

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
  /**
   * Unix seconds of the rating the alert is about: for a derived alert (1004, 1016) the one it
   * derives from ("since Avery Pemberton's Buy of 11/17/26"). Null without a rating.
   */
  rated_at: z.number().int().nullable().optional(),
  firm: z.string().nullable(),
  /** The price when the rating was published (the original rating's entry price). */
  price_when_posted: z.number().nullable(),
  last_price: z.number().nullable(),
  /**
   * The live feed's fields (spec 001 §3 Alert (live feed)), set by `withFeedFields` on the gateway:
   * the card's sentence in plain text, how many of the list's alerts are on the symbol (the count
   * badge), and whether the caller's file holds the symbol open. Optional here because a single
   * pushed alert is not part of a list; finance_info's answer always carries them.
   */
  description: z.string().optional(),
  count: z.number().int().positive().optional(),
  in_file: z.boolean().optional(),
});
export type Alert = z.infer<typeof alertSchema>;

/** An alert of finance_info's list: the live feed's fields always there. */
export const feedAlertSchema = alertSchema.extend({
  description: z.string(),
  count: z.number().int().positive(),
  in_file: z.boolean(),
});
export type FeedListAlert = z.infer<typeof feedAlertSchema>;

/** POST /api/finance/dismiss_alert and execute_alert. */
export const alertActionBodySchema = z.object({ alert_id: z.number().int().positive() });

export const alertsApi = {
  financeInfo: '/api/user/finance_info/:id/:session/true',
  dismiss: '/api/finance/dismiss_alert',
  execute: '/api/finance/execute_alert',
  /** Beyond the spec's calls: the user's alert filters, kept on the server (spec 000 §4). */
  saveFilters: '/api/user/save_alert_filters',
  /** POST: the analysts the user's current alerts come from, for the filter panel (spec 000 §7). */
  userAnalystList: '/api/user/get_user_analyst_list',
  /** Beyond the spec: older alerts, a page after `cursor` (the feed's infinite scroll). */
  page: '/api/alerts/page',
  /** Beyond the spec: the filter panel's counts over every alert the user can reach. */
  facets: '/api/alerts/facets',
} as const;

/** The answer of user/get_user_analyst_list: by name, with how many of the user's alerts each has. */
export const userAnalystListResponseSchema = z.object({
  data: z.array(z.object({ analyst_name: z.string(), count: z.number().int().positive() })),
});
export type UserAnalystListResponse = z.infer<typeof userAnalystListResponseSchema>;

/** How many alerts a page holds: the snapshot on join, finance_info and each older page. */
export const alertsPageSize = 100;

/**
 * A page of the alerts a user can reach, newest first. `total` counts every one of them (not only
 * this page's), `has_more` says older ones follow, `cursor` is what asks for them (null at the end).
 */
export const alertsPageSchema = z.object({
  alerts: z.array(alertSchema),
  total: z.number().int(),
  has_more: z.boolean(),
  cursor: z.string().nullable(),
});
export type AlertsPage = z.infer<typeof alertsPageSchema>;
/** A page as the feed's calls answer it: each alert with its feed fields (spec 001 §3). */
export const feedAlertsPageSchema = alertsPageSchema.extend({ alerts: z.array(feedAlertSchema) });

const countsSchema = z.record(z.string(), z.number().int().nonnegative());

/**
 * The filter panel's counts over every alert the user can reach (not only the pages loaded): per
 * checkbox group, how many alerts have each value; `symbols` counts per symbol, for the In Watchlist
 * group the client counts with its own watchlist.
 */
export const alertFacetsSchema = z.object({
  total: z.number().int().nonnegative(),
  universes: countsSchema,
  rating: countsSchema,
  sector_name: countsSchema,
  analyst_name: countsSchema,
  symbols: countsSchema,
});
export type AlertFacets = z.infer<typeof alertFacetsSchema>;

/**
 * GET /api/alerts/page?cursor=…&profile=… (the cursor of the page before, in that profile). `profile`:
 * the profile the feed shows; an admin's switch moves only that tab's socket, so the feed names it.
 * Absent, the user's current profile.
 */
export const alertsPageQuerySchema = z.object({
  cursor: z
    .string()
    .max(40)
    .regex(/^\d{1,15}_\d{1,12}$/, 'cursor must be the cursor of a page the server gave'),
  profile: optionalProfileId,
});

/** GET /api/alerts/facets?profile=… */
export const alertFacetsQuerySchema = z.object({ profile: optionalProfileId });

/** POST user/save_alert_filters `{alert_filters}`; null clears them (back to the defaults). */
export const saveAlertFiltersBodySchema = z.object({ alert_filters: filterSetSchema.nullable() });
export type SaveAlertFiltersBody = z.infer<typeof saveAlertFiltersBodySchema>;

/** The answer of finance_info: the current profile's alerts newest first, and what the feed needs with them. */
export const financeInfoResponseSchema = z.object({
  info: z.object({
    finance_info: z.object({
      profile_id: z.number().int(),
      market_open: z.boolean().nullable(),
    }),
    alerts: z.array(feedAlertSchema),
    /** Every alert the user can reach, when `alerts` is only the newest page of them. */
    total: z.number().int(),
    has_more: z.boolean(),
    cursor: z.string().nullable(),
  }),
  timings: z.object({ alerts_ms: z.number(), total_ms: z.number() }),
});
export type FinanceInfoResponse = z.infer<typeof financeInfoResponseSchema>;
