import { z } from 'zod';
import { sectors } from '../common/sectors';

/**
 * The opportunity scanner's contracts (spec 002 §2.3, §3, §7.5, §9; spec 001 §3, §9): scanner
 * settings, the scan's query and answer, the Opportunity row and the scan's socket events.
 */

export const scanApi = {
  settings: '/api/reportSettings',
  setting: '/api/reportSettings/:id',
  scan: '/api/reports/getOpportunityScanner',
  excel: '/api/reports/getOpportunityScannerExcel',
} as const;

/** Spec 002 §9: at most 500 symbols per sector. */
export const maxSymbolsPerSector = 500;

/** Spec 002 §5: scanner filter condition codes. */
export const screenerConditions = { none: 0, maxOnly: 1, minOnly: 2, both: 3 } as const;
export type ScreenerCondition = 0 | 1 | 2 | 3;

/** The six phases of the run stage, in order (spec 002 §2.3). */
export const scanPhases = [
  'Fetching symbol data',
  'Fetching analyst data',
  'Updating market data',
  'Building an analyst team',
  'Applying filters',
  'Calculating results',
] as const;
export type ScanPhase = (typeof scanPhases)[number];

/** Spec 001 §3: the score factor names, in the spec's order. */
export const scoreFactorNames = [
  'team',
  'outperform',
  'positive_pl',
  'number_rec',
  'algorithm',
  'momentum',
  'pe',
  'pb',
  'currentratio',
  'beta',
  'top_mc',
  'sd',
  'ma_ratio',
  'ma_etf_spy',
  'eps',
  'roe',
] as const;
export type ScoreFactorName = (typeof scoreFactorNames)[number];
export type ScoreWeights = Record<ScoreFactorName, number>;

/** Spec 001 §9: the default score weights (all others 0). */
export const defaultScoreWeights: Readonly<ScoreWeights> = Object.freeze({
  team: 1,
  outperform: 4,
  positive_pl: 5,
  number_rec: 2,
  algorithm: 5,
  momentum: 0,
  pe: 1,
  pb: 1,
  currentratio: 3,
  beta: 3,
  top_mc: 3,
  sd: 0,
  ma_ratio: 0,
  ma_etf_spy: 0,
  eps: 0,
  roe: 0,
});

export const scanMessages = {
  settingNotFound: 'Scanner setting not found',
  nameRequired: 'name: a name is required',
  noSectors: 'sectors: choose at least one sector',
  unknownUniverse: 'Universe not found',
  noOpportunities: 'No Opportunities found for sector under current filters.',
  tooSlow: 'The scan is still running: its results arrive on the screen that asked, and in My reports',
  failed: 'The scan could not be completed',
} as const;

const finite = z.number().finite();

/** A min/max screener with its condition code; the bounds the code names must be given and ordered. */
export const screenerRangeSchema = z
  .object({
    min: finite.nullable().optional(),
    max: finite.nullable().optional(),
    condition: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(0),
  })
  .superRefine((range, ctx) => {
    const needsMax = range.condition === 1 || range.condition === 3;
    const needsMin = range.condition === 2 || range.condition === 3;
    if (needsMax && (range.max === undefined || range.max === null))
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'a maximum is required by the condition' });
    if (needsMin && (range.min === undefined || range.min === null))
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'a minimum is required by the condition' });
    if (
      range.condition === 3 &&
      typeof range.min === 'number' &&
      typeof range.max === 'number' &&
      range.min > range.max
    )
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'the minimum must not exceed the maximum' });
  });
export type ScreenerRange = z.infer<typeof screenerRangeSchema>;

const noRange = { condition: 0 as const };

export const screenersSchema = z.object({
  beta: screenerRangeSchema.default(noRange),
  marketCap: screenerRangeSchema.default(noRange),
  volume: screenerRangeSchema.default(noRange),
});
export type Screeners = z.infer<typeof screenersSchema>;

/** Spec 002 §9: defaults when a setting has none. */
export const scannerDefaults = {
  daysToEarning: 14,
  minUpside: 5,
  minEps: 0,
  minRoe: null,
  filterAdr: false,
  removeIfAnyShort: true,
  excludeNoRatings: true,
} as const;

const daysToEarningSchema = z.number().int().min(0).max(365).nullable();
const minUpsideSchema = finite.min(-100).max(1000).nullable();

/** The filters of a setting; missing ones take the defaults of spec 002 §9. */
export const scanFiltersSchema = z.object({
  screeners: screenersSchema.default({ beta: noRange, marketCap: noRange, volume: noRange }),
  daysToEarning: daysToEarningSchema.default(scannerDefaults.daysToEarning),
  minUpside: minUpsideSchema.default(scannerDefaults.minUpside),
  minEps: finite.nullable().default(scannerDefaults.minEps),
  minRoe: finite.nullable().default(scannerDefaults.minRoe),
  filterAdr: z.boolean().default(scannerDefaults.filterAdr),
  removeIfAnyShort: z.boolean().default(scannerDefaults.removeIfAnyShort),
  excludeNoRatings: z.boolean().default(scannerDefaults.excludeNoRatings),
});

/** The screen's tickerSelectionParams: only the filters it sends override the setting's (no defaults). */
export const scanFilterOverridesSchema = z.object({
  screeners: z
    .object({
      beta: screenerRangeSchema.optional(),
      marketCap: screenerRangeSchema.optional(),
      volume: screenerRangeSchema.optional(),
    })
    .optional(),
  daysToEarning: daysToEarningSchema.optional(),
  minUpside: minUpsideSchema.optional(),
  minEps: finite.nullable().optional(),
  minRoe: finite.nullable().optional(),
  filterAdr: z.boolean().optional(),
  removeIfAnyShort: z.boolean().optional(),
  excludeNoRatings: z.boolean().optional(),
});
export type ScanFilterOverrides = z.infer<typeof scanFilterOverridesSchema>;
export type ScanFilters = z.infer<typeof scanFiltersSchema>;

/** POST/PUT reportSettings body: a name (required after trimming), a description and the filters. */
export const scannerSettingBodySchema = scanFiltersSchema.extend({
  name: z.string().trim().min(1, 'a name is required').max(100),
  description: z.string().max(1000).default(''),
});
export type ScannerSettingBody = z.input<typeof scannerSettingBodySchema>;

export const scannerSettingSchema = scanFiltersSchema.extend({
  id: z.number().int(),
  _id: z.number().int(),
  name: z.string(),
  description: z.string(),
  updated: z.string(),
});
export type ScannerSetting = z.infer<typeof scannerSettingSchema>;
export const scannerSettingListSchema = z.array(scannerSettingSchema);
export const savedSettingSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  _id: z.number().int(),
});
export const settingIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Admin parameters of a scan (spec 001 §3 Report parameters): the analyst team's and the weights. */
export const reportParamsSchema = z.object({
  teamThreshold: z.number().int().min(1).max(100).optional(),
  minRatio: z.number().min(0).max(1).optional(),
  minMonthAvg: z.number().min(0).max(1).optional(),
  weights: z.record(z.enum(scoreFactorNames), finite).optional(),
});
export type ReportParams = z.infer<typeof reportParamsSchema>;

const sectorIds = sectors.map((sector) => sector.id) as number[];

/** A JSON object in a query string field: parsed, then checked by `inner`, errors naming the field. */
const jsonQuery = <T extends z.ZodType>(inner: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(inner);

export const scanQuerySchema = z.object({
  universe: z.coerce.number().int().positive(),
  settings: z.coerce.number().int().positive().optional(),
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
        .min(1, 'choose at least one sector'),
    ),
  count: z.coerce.number().int().min(1).max(maxSymbolsPerSector).default(20),
  /** YYYY-MM-DD: a scan as of a past day (only facts published by its end). */
  date: z.iso.date().optional(),
  /** The socket that asked: it receives `scan:progress` and `scan:sector`. */
  socketId: z.string().max(100).optional(),
  /** A client-chosen id echoed in the events, so a screen can tell its scan's events apart. */
  scanId: z.string().max(100).optional(),
  tickerSelectionParams: jsonQuery(scanFilterOverridesSchema).optional(),
  reportParams: jsonQuery(reportParamsSchema).optional(),
});
export type ScanQuery = z.infer<typeof scanQuerySchema>;

export const normalizedScoresSchema = z.object({
  risk: z.number(),
  marketScore: z.number(),
  fundumentalScore: z.number(),
  analystTeamScore: z.number(),
  riskWord: z.enum(['Low', 'Medium', 'High']),
});
export type NormalizedScores = z.infer<typeof normalizedScoresSchema>;

/** Spec 002 §3: the Opportunity row, plus the factor values that made the score (the rank dialog). */
export const opportunityRowSchema = z.object({
  ticker: z.string(),
  company: z.string(),
  rawSector: z.string(),
  industry: z.string(),
  marketCap: z.number().nullable(),
  earningDate: z.string().nullable(),
  analysts: z.string(),
  lastPrice: z.number(),
  upside: z.number().nullable(),
  totalScore: z.number(),
  in_file: z.boolean(),
  normalizedScores: normalizedScoresSchema,
  /** Each factor's raw value (null when unknown) and its 0..1 score. */
  factors: z.record(z.enum(scoreFactorNames), z.object({ value: z.number().nullable(), score: z.number() })),
});
export type OpportunityRow = z.infer<typeof opportunityRowSchema>;

export const scanResponseSchema = z.object({
  scanId: z.string(),
  asOf: z.string(),
  opportunities: z.record(z.string(), z.array(opportunityRowSchema)),
});
export type ScanResponse = z.infer<typeof scanResponseSchema>;

export interface ScanProgress {
  scanId: string;
  phase: ScanPhase;
  sector: string | null;
  done: number;
  total: number;
}

export interface ScanSector {
  scanId: string;
  sector: string;
  rows: OpportunityRow[];
}
