import { z } from 'zod';
import { tickerField } from '../market/schemas';

/**
 * The analyst details dialog (spec 000 §2): "Based on {analyst}'s past performance in similar {sector}
 * companies", its team creation date and the table of the analyst's past ratings in the sector (the
 * analyst past-performance row of spec 000 §3). Written once; the gateway validates and serialises
 * with it, the client types its call.
 */
export const analystsApi = {
  pastAlerts: '/api/user/get_analysts_past_alerts',
} as const;

export const analystsMessages = {
  unknownAnalyst: (name: string) => `Unknown analyst: ${name}`,
  noSector: (symbol: string) =>
    `${symbol} belongs to no sector, so there is no sector to judge the analyst in`,
} as const;

export const analystsLimits = { nameMax: 200 } as const;

/**
 * POST user/get_analysts_past_alerts `{alert_id, analyst, symbol}`. The analyst and the symbol decide
 * the answer; `alert_id` (the alert whose 'see details' was opened) is accepted and not used yet.
 */
export const analystPastAlertsBodySchema = z.object({
  alert_id: z.number({ error: 'alert_id is a number' }).int().nullish(),
  analyst: z
    .string({ error: 'an analyst name is required' })
    .trim()
    .min(1, { error: 'an analyst name is required' })
    .max(analystsLimits.nameMax, {
      error: `an analyst name is at most ${analystsLimits.nameMax} characters`,
    }),
  symbol: tickerField,
});
export type AnalystPastAlertsBody = z.infer<typeof analystPastAlertsBodySchema>;

const flag = z.union([z.literal(0), z.literal(1)]);

/** One past rating of the analyst in the sector, judged over its horizon (spec 000 §3). */
export const pastPerformanceRowSchema = z.object({
  pos_type: z.enum(['buy', 'sell']),
  /** The publication instant, ISO 8601. */
  published: z.string(),
  ticker: z.string(),
  /** The price when the rating was posted. */
  entry_price: z.number(),
  target: z.number(),
  /** The last day of the rating's horizon (126 trading days after publication); null while it runs. */
  target_date: z.string().nullable(),
  reached_target: flag,
  outperform_sector: flag,
  success: flag,
  /**
   * Beyond the spec's fields: 1 once the rating counts in the success rate (its horizon ended, or its
   * target was reached). An open rating shows 0 in every outcome column without having failed.
   */
  decided: flag,
});
export type PastPerformanceRow = z.infer<typeof pastPerformanceRowSchema>;

export const analystPastAlertsResponseSchema = z.object({
  /** When the sector's analyst team was created (ISO 8601); null while the sector has no team. */
  team_update: z.string().nullable(),
  sector: z.string(),
  /** Newest first. */
  rows: z.array(pastPerformanceRowSchema),
});
export type AnalystPastAlerts = z.infer<typeof analystPastAlertsResponseSchema>;

/** An analyst's standing in a sector, as alerts and other features show it. */
export interface AnalystSectorGrade {
  /** Percent, 0 to 100, over the decided ratings. */
  success_rate: number;
  /** 1 (C+) to 7 (A+). */
  grade: number;
}
