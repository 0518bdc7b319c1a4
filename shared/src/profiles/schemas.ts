import { z } from 'zod';
import { sectors } from '../common/sectors';
import { systemUniverses } from '../market/schemas';

/**
 * Investment profiles (spec 000 §2 /investment-profile, §3 Sector in a profile, Screener,
 * Screened-symbols result, §4, §5, §7; spec 002 §2.1 /newProfile, §7.8): a profile's sectors, the
 * screeners of each sector, the screened counts, saving and rebuilding the profile's analyst teams,
 * and the preview of the alerts an unsaved profile would have produced. Once for gateway and client.
 *
 * Which profile a call edits: `profile_id` when given (an admin any profile but Default, a profile-type
 * account only its own), else the caller's current profile (users.current_profile_id).
 */

export const profilesApi = {
  /** POST {data:{sector_ref_id, …}}: adds a system sector with the defaults and two default filters. */
  addSector: '/api/user/add_profile_sector',
  /** POST {sector_id, field, min, max, …}: adds or replaces a sector's screener on `field`. */
  saveScreener: '/api/user/edit_add_profile_screener',
  /** POST {sector_id, field}: removes the screener; an empty field removes the sector. */
  deleteScreener: '/api/user/delete_profile_screener',
  /** POST {sector} or {sector_ref_id, screeners}: how many of the sector's stocks pass. */
  screenedSymbols: '/api/user/get_screened_symbols',
  /** POST {pf_data} saves the profile and queues its rebuild; {item: 1} queues a rebuild only. */
  queue: '/api/user/add_super_portfolio_to_queue',
  /** GET: the profile's sectors with their screeners (query profile_id optional). */
  data: '/api/user/get_profile_data',
  /** POST {sectors}: the alerts the unsaved profile would have produced over the last 3 months. */
  preview: '/api/user/preview_profile',
} as const;

/** Spec 000 §3: the screener fields, in the editor's order. */
export const screenerFields = [
  'market_val',
  'beta',
  'last_price',
  'avg_vol_20d',
  'peg_ratio',
  'pe_ratio_12m',
  'dividend_yield',
  'indexes',
  'moving_ave_50',
  'upside',
] as const;
export type ScreenerField = (typeof screenerFields)[number];

export type ScreenerKind = 'range' | 'choice' | 'index' | 'yesno';

/** How each field is edited and what it compares (spec 000 §3, §5). */
export const screenerFieldInfo: Record<
  ScreenerField,
  { label: string; kind: ScreenerKind; step: number; unit?: string; hint: string }
> = {
  market_val: { label: 'Market Cap', kind: 'range', step: 1, unit: 'M', hint: 'market value in millions' },
  beta: { label: 'Beta', kind: 'range', step: 0.01, hint: 'beta against the market' },
  last_price: { label: 'Last Price', kind: 'range', step: 0.01, unit: '$', hint: 'last traded price' },
  avg_vol_20d: { label: 'Avg Volume (20d)', kind: 'range', step: 1, hint: 'average daily volume, 20 days' },
  peg_ratio: { label: 'PEG Ratio', kind: 'choice', step: 0.01, hint: 'price/earnings to growth' },
  pe_ratio_12m: { label: 'P/E (12m)', kind: 'choice', step: 0.01, hint: 'price to earnings, 12 months' },
  dividend_yield: { label: 'Dividend Yield', kind: 'choice', step: 0.01, unit: '%', hint: 'percent' },
  indexes: { label: 'Index', kind: 'index', step: 1, hint: 'member of the chosen index' },
  moving_ave_50: {
    label: 'Above 50-day MA',
    kind: 'yesno',
    step: 1,
    hint: 'yes: last price above its 50-day moving average; no: at or below it',
  },
  upside: {
    label: 'Upside',
    kind: 'range',
    step: 0.001,
    unit: '%',
    hint: 'percent from last price to the mean target of current buy ratings',
  },
};

/** Spec 000 §5: fields always offered in the add-filter list even when already used. */
export const screenerRepeatableFields: readonly ScreenerField[] = [
  'pe_ratio_12m',
  'avg_vol_20d',
  'indexes',
  'peg_ratio',
];

export interface ChoiceBucket {
  key: string;
  label: string;
  /** Inclusive lower bound; null: none. */
  min: number | null;
  /** Exclusive upper bound; null: none. */
  max: number | null;
}

/** Spec 000 §5: the choice buckets. A stock passes a choice screener when it is in any chosen bucket. */
export const choiceBuckets = {
  peg_ratio: [
    { key: 'lt1', label: '<1', min: null, max: 1 },
    { key: '1-2', label: '1 to 2', min: 1, max: 2 },
    { key: '2-3', label: '2 to 3', min: 2, max: 3 },
    { key: 'gt3', label: '>3', min: 3, max: null },
  ],
  pe_ratio_12m: [
    { key: '0-20', label: '0 to 20', min: 0, max: 20 },
    { key: '20-50', label: '20 to 50', min: 20, max: 50 },
    { key: '50-80', label: '50 to 80', min: 50, max: 80 },
    { key: 'gt80', label: '>80', min: 80, max: null },
  ],
  dividend_yield: [
    { key: 'lt2', label: '<2%', min: null, max: 2 },
    { key: '2-5', label: '2% to 5%', min: 2, max: 5 },
    { key: '5-8', label: '5% to 8%', min: 5, max: 8 },
    { key: '8-10', label: '8% to 10%', min: 8, max: 10 },
    { key: 'gt10', label: '>10%', min: 10, max: null },
  ],
} as const satisfies Record<'peg_ratio' | 'pe_ratio_12m' | 'dividend_yield', readonly ChoiceBucket[]>;
export type ChoiceField = keyof typeof choiceBuckets;

/** The index choices of the `indexes` screener (its `selector`). */
export const screenerIndexes = systemUniverses.map((u) => u.index);

/** Spec 000 §4, §9: a new sector's values and its two default filters. */
export const sectorDefaults = {
  size: 100000,
  stoploss: 10,
  target_amount: 0.5,
  up_down_ratio: 1,
  logic: 0,
  teamUpdatePeriod: 1,
} as const;
export const defaultScreeners: readonly {
  field: ScreenerField;
  minVal: number | null;
  maxVal: number | null;
}[] = [
  { field: 'market_val', minVal: 2000, maxVal: null },
  { field: 'beta', minVal: 0.5, maxVal: 2.5 },
];

/** Spec 000 §8 and the editor's texts. */
export const profileMessages = {
  saved: 'Profile is being processed in the background and will be ready in a few minutes',
  saveFailedPrefix: 'save failed. ',
  rebuildTitle: 'Rebuilding Team',
  screenerFailed: 'error updating filter',
  updating: 'Updating profile...',
  noProfile: 'No investment profile to edit',
  defaultReadOnly: 'The Default profile follows every rating and cannot be edited',
  notYours: 'You can only edit your own investment profile',
  unknownSector: 'Sector not found',
  unknownSystemSector: 'Unknown sector',
  sectorTaken: 'This sector is already in the profile',
  sectorHasFilters: 'Delete the sector’s filters first',
  unknownScreener: 'Filter not found',
  rangeOrder: 'from must not exceed to',
  rangeEmpty: 'set a from or a to value',
  choiceEmpty: 'choose at least one option',
  selectorRequired: 'choose an option',
  alreadyQueued: 'The profile is already being rebuilt',
  unknownProfile: 'No such investment profile',
} as const;

export const profileLimits = {
  sectorsMax: sectors.length,
  screenersPerSectorMax: 30,
  previewMonths: 3,
  previewAlertsMax: 2000,
} as const;

/** The profile every user sees, with every rating in the universe (not built from sectors). */
export const defaultProfileName = 'Default';

const finite = z.number().finite();
/** A row id (PostgreSQL integer). */
const rowId = z.number().int().positive().max(2_147_483_647);
const notAProfileId = { error: 'the profile must be a profile id' };
/** A profile's id where a call may name one (a query or a body), else the caller's own profile. */
export const optionalProfileId = z.coerce
  .number(notAProfileId)
  .int(notAProfileId)
  .positive(notAProfileId)
  .max(2_147_483_647, notAProfileId)
  .optional();

// ---------------------------------------------------------------- entities

/** Spec 000 §3 Screener. minVal/maxVal for ranges; multi_selector the chosen buckets; selector an index or yes/no. */
export const screenerSchema = z.object({
  id: z.number().int(),
  field: z.enum(screenerFields),
  minVal: finite.nullable(),
  maxVal: finite.nullable(),
  selector: z.string().nullable(),
  multi_selector: z.array(z.string()).nullable(),
  pos_type: z.string().nullable(),
});
export type Screener = z.infer<typeof screenerSchema>;

/**
 * A screener as the editor sends it (no id). Rules: a range needs min or max, min ≤ max; a choice
 * field needs multi_selector (bucket keys) or a range; indexes needs a selector from screenerIndexes;
 * moving_ave_50 needs selector 'yes' or 'no'.
 */
export const screenerInputSchema = z
  .object({
    field: z.enum(screenerFields),
    minVal: finite.nullable().default(null),
    maxVal: finite.nullable().default(null),
    selector: z.string().max(100).nullable().default(null),
    multi_selector: z.array(z.string().max(20)).max(10).nullable().default(null),
    pos_type: z.string().max(20).nullable().default(null),
  })
  .superRefine((s, ctx) => {
    const problem = screenerProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type ScreenerInput = z.output<typeof screenerInputSchema>;

/** Why a screener is not usable, or null. One rule for the schema and the editor's inline checks. */
export function screenerProblem(s: {
  field: ScreenerField;
  minVal: number | null;
  maxVal: number | null;
  selector: string | null;
  multi_selector: string[] | null;
}): { path: 'minVal' | 'selector' | 'multi_selector'; message: string } | null {
  const kind = screenerFieldInfo[s.field].kind;
  if (kind === 'index') {
    return s.selector !== null && (screenerIndexes as readonly string[]).includes(s.selector)
      ? null
      : { path: 'selector', message: profileMessages.selectorRequired };
  }
  if (kind === 'yesno') {
    return s.selector === 'yes' || s.selector === 'no'
      ? null
      : { path: 'selector', message: profileMessages.selectorRequired };
  }
  if (kind === 'choice' && s.multi_selector !== null) {
    const keys = new Set<string>(choiceBuckets[s.field as ChoiceField].map((b) => b.key));
    if (s.multi_selector.length === 0 || !s.multi_selector.every((k) => keys.has(k)))
      return { path: 'multi_selector', message: profileMessages.choiceEmpty };
    return null;
  }
  if (s.minVal === null && s.maxVal === null) return { path: 'minVal', message: profileMessages.rangeEmpty };
  if (s.minVal !== null && s.maxVal !== null && s.minVal > s.maxVal)
    return { path: 'minVal', message: profileMessages.rangeOrder };
  return null;
}

/** One member of a sector's analyst team, as the last rebuild made it. */
export const teamMemberSchema = z.object({
  analyst_id: z.string(),
  analyst_name: z.string(),
  rank: z.number().int(),
  grade: z.number().int(),
  success_rate: z.number(),
});
export type ProfileTeamMember = z.infer<typeof teamMemberSchema>;

/** Spec 000 §3 Sector in a profile, plus its analyst team (empty before the first rebuild). */
export const profileSectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sector_ref_id: z.number().int(),
  size: z.number(),
  vts_percentage: z.number().nullable(),
  svts_percentage: z.number().nullable(),
  val: z.number().nullable(),
  /** The sector's ETF. */
  symbol: z.string(),
  stoploss: z.number(),
  target_percentage: z.number().nullable(),
  ratings_to_copy: z.number().nullable(),
  up_down_ratio: z.number(),
  sp_500_only: z.boolean(),
  logic: z.number(),
  strategies: z.array(z.string()),
  target_amount: z.number(),
  screeners: z.array(screenerSchema),
  svg: z.string().nullable(),
  portfolioSize: z.number().nullable(),
  team: z.array(teamMemberSchema),
  /** ISO time of the team's last rebuild; null before the first. */
  team_built_at: z.string().nullable(),
});
export type ProfileSector = z.infer<typeof profileSectorSchema>;

/** The editable values of a sector (all optional: missing ones take the defaults or stay). */
const sectorValuesSchema = z.object({
  size: finite.min(0).optional(),
  vts_percentage: finite.nullable().optional(),
  svts_percentage: finite.nullable().optional(),
  val: finite.nullable().optional(),
  stoploss: finite.min(0).max(100).optional(),
  target_percentage: finite.nullable().optional(),
  ratings_to_copy: finite.nullable().optional(),
  up_down_ratio: finite.min(0).optional(),
  sp_500_only: z.boolean().optional(),
  logic: z.number().int().min(0).max(10).optional(),
  strategies: z.array(z.string().max(100)).max(20).optional(),
  target_amount: finite.min(0).optional(),
  svg: z.string().max(100).nullable().optional(),
  portfolioSize: finite.min(0).nullable().optional(),
});

export const systemSectorIdSchema = z
  .number()
  .int()
  .refine((id) => sectors.some((s) => s.id === id), profileMessages.unknownSystemSector);

/** A sector as the editor sends it whole (save): existing `id` optional, its screeners replace the stored. */
export const sectorInputSchema = sectorValuesSchema.extend({
  id: rowId.optional(),
  sector_ref_id: systemSectorIdSchema,
  name: z.string().max(100).optional(),
  screeners: z.array(screenerInputSchema).max(profileLimits.screenersPerSectorMax).default([]),
});
export type SectorInput = z.output<typeof sectorInputSchema>;

export const rebuildStates = ['queued', 'running', 'done', 'failed'] as const;
export type RebuildState = (typeof rebuildStates)[number];

/** `profile:rebuild` payload: a profile's rebuild moved on (to the profile's editors). */
export const profileRebuildEventSchema = z.object({
  profileId: z.number().int(),
  state: z.enum(rebuildStates),
  /** Sectors rebuilt so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
});
export type ProfileRebuildEvent = z.infer<typeof profileRebuildEventSchema>;

/** `profile:created` payload (to admins): a new profile for their profile selector. */
export const profileCreatedEventSchema = z.object({
  profile: z.object({ id: z.number().int(), name: z.string() }),
});
export type ProfileCreatedEvent = z.infer<typeof profileCreatedEventSchema>;

// ---------------------------------------------------------------- calls

const ok = z.literal(true);

export const addSectorBodySchema = z.object({
  profile_id: optionalProfileId,
  data: sectorValuesSchema.extend({ sector_ref_id: systemSectorIdSchema }),
});
export const addSectorResponseSchema = z.object({ status: ok, sector: profileSectorSchema });

export const saveScreenerBodySchema = z
  .object({
    profile_id: optionalProfileId,
    sector_id: rowId,
    field: z.enum(screenerFields),
    min: finite.nullable().default(null),
    max: finite.nullable().default(null),
    selector: z.string().max(100).nullable().default(null),
    multi_selector: z.array(z.string().max(20)).max(10).nullable().default(null),
    /** Replace this screener (fields that may repeat); without it the sector's screener on `field`. */
    screener_id: rowId.optional(),
  })
  .superRefine((b, ctx) => {
    const problem = screenerProblem({ ...b, minVal: b.min, maxVal: b.max });
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: [problem.path === 'minVal' ? 'min' : problem.path],
        message: problem.message,
      });
  });
export const saveScreenerResponseSchema = z.object({ status: ok, sector: profileSectorSchema });

export const deleteScreenerBodySchema = z.object({
  profile_id: optionalProfileId,
  sector_id: rowId,
  /** Empty: delete the sector. */
  field: z.union([z.enum(screenerFields), z.literal('')]),
  screener_id: rowId.optional(),
});
export const deleteScreenerResponseSchema = z.object({
  status: ok,
  /** The sector after the deletion; null when the sector was deleted. */
  sector: profileSectorSchema.nullable(),
});

/**
 * Either a stored sector (`sector`, its saved screeners) or the editor's unsaved screeners: with
 * `screeners`, they are counted instead of the saved ones (against `sector`'s system sector, or
 * `sector_ref_id` for a sector not saved yet).
 */
export const screenedSymbolsBodySchema = z
  .object({
    profile_id: optionalProfileId,
    sector: rowId.optional(),
    sector_ref_id: systemSectorIdSchema.optional(),
    screeners: z.array(screenerInputSchema).max(profileLimits.screenersPerSectorMax).optional(),
  })
  .refine((b) => b.sector !== undefined || (b.sector_ref_id !== undefined && b.screeners !== undefined), {
    message: 'send sector, or sector_ref_id with screeners',
    path: ['sector'],
  });
/** total_passed: stocks of the sector passing every screener; each field: stocks passing that one. */
export const screenedSymbolsSchema = z
  .object({ total_passed: z.number().int(), total: z.number().int() })
  .catchall(z.number().int());
export type ScreenedSymbols = z.infer<typeof screenedSymbolsSchema>;
export const screenedSymbolsResponseSchema = z.object({
  status: ok,
  screened_symbols: screenedSymbolsSchema,
});

export const pfDataSchema = z.object({
  newBuild: z.union([z.boolean(), z.number().int()]).default(true),
  portfolioSize: finite.min(0).nullable().default(null),
  sectors: z.array(sectorInputSchema).max(profileLimits.sectorsMax),
  teamUpdatePeriod: z.number().int().min(1).max(365).default(sectorDefaults.teamUpdatePeriod),
});
export const queueBodySchema = z.union([
  z.object({ profile_id: optionalProfileId, pf_data: pfDataSchema }),
  z.object({ profile_id: optionalProfileId, item: z.literal(1) }),
]);
export type QueueBody = z.infer<typeof queueBodySchema>;
export const queueResponseSchema = z.object({
  status: ok,
  msg: z.string(),
  /** The rebuild's job (a job id of the runner, see jobs/schemas). */
  job_id: z.string(),
  /** The saved sectors (with their ids) after a save; the stored ones after a rebuild request. */
  sectors: z.array(profileSectorSchema),
});

export const profileDataQuerySchema = z.object({ profile_id: optionalProfileId });
export const profileDataResponseSchema = z.object({
  status: ok,
  profile: z.object({ id: z.number().int(), name: z.string() }),
  sectors: z.array(profileSectorSchema),
  /** The newest rebuild, or null when none was ever queued. */
  rebuild: profileRebuildEventSchema.nullable(),
});
export type ProfileData = z.infer<typeof profileDataResponseSchema>;

export const previewBodySchema = z.object({
  sectors: z
    .array(
      z.object({
        sector_ref_id: systemSectorIdSchema,
        screeners: z.array(screenerInputSchema).max(profileLimits.screenersPerSectorMax).default([]),
      }),
    )
    .min(1)
    .max(profileLimits.sectorsMax),
});
export type PreviewBody = z.output<typeof previewBodySchema>;

/** An alert the unsaved profile would have produced: a team member's rating on a passing stock. */
export const previewAlertSchema = z.object({
  symbol: z.string(),
  rating: z.enum(['buy', 'sell']),
  /** Unix seconds. */
  time: z.number().int(),
  analyst_name: z.string(),
  price_target: z.number().nullable(),
  sector_name: z.string(),
  sector_ref_id: z.number().int(),
  company_name_2: z.string().nullable(),
});
export type PreviewAlert = z.infer<typeof previewAlertSchema>;
export const previewResponseSchema = z.object({
  status: ok,
  months: z.number().int(),
  total: z.number().int(),
  sectors: z.array(
    z.object({
      sector_ref_id: z.number().int(),
      name: z.string(),
      count: z.number().int(),
      team_size: z.number().int(),
      passing: z.number().int(),
    }),
  ),
  /** Newest first, at most profileLimits.previewAlertsMax. */
  alerts: z.array(previewAlertSchema),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;
