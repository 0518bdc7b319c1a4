import { z } from 'zod';
import { marketLimits } from '../market/schemas';

/**
 * Editing universes and reading their history (spec 002 §2.5, §5, §6, §7.5, §8). The reads
 * (`universesApi` list and one) are in market/schemas; the writes, their answers, the ticker parsing
 * and the screen's messages are here, once for the gateway and the client.
 */

export const universesEditApi = {
  create: '/api/universes',
  update: '/api/universes/:id',
  remove: '/api/universes/:id',
  /** Beyond the spec's calls (its path is not shown): which symbols entered and left a universe, when. */
  history: '/api/universes/:id/history',
} as const;

export const universeLimits = {
  nameMax: marketLimits.universeNameMax,
  /** The symbol filter of the view/edit dialog (spec 002 §5, §9). */
  filterMax: 20,
  /** A universe holds at most this many symbols (the Russell 2000 fits). */
  tickersMax: 3000,
  /** The text the screen sends: a few characters per symbol. */
  tickersTextMax: 40_000,
  /** The history's date range, at most. */
  historyDaysMax: 3660,
  /** The history's default range: this many days back to today. */
  historyDefaultDays: 365,
} as const;

/** Names the first 20, then says how many more. */
function named(list: readonly string[]): string {
  const shown = list.slice(0, 20).join(', ');
  return list.length > 20 ? `${shown} and ${list.length - 20} more` : shown;
}

/** The screen's texts (spec 002 §2.5, §8), corrected spelling ("creating"). */
export const universeMessages = {
  created: 'Universe created',
  saved: 'Universe saved',
  deleted: 'Universe deleted',
  nameRequired: 'please set universe name',
  nameTooLong: `a universe name is at most ${marketLimits.universeNameMax} characters`,
  nameReserved: (name: string) => `"${name}" is a built-in universe's name; please choose another`,
  nameTaken: (name: string) => `a universe named "${name}" already exists`,
  saveFailed: 'error creating universe.',
  symbolsFailed: 'error getting symbols',
  addFailed: 'error adding stocks to universe',
  deleteFailed: 'error deleting this universe',
  deleteFailedGeneric: 'error deleting universe',
  confirmDelete: 'This action will remove permanently delete this universe. Are you sure?',
  confirmSave: 'Save the changes to this universe?',
  noTickers: 'please add at least one symbol',
  tooManyTickers: `a universe holds at most ${universeLimits.tickersMax} symbols`,
  notSymbols: (tokens: readonly string[]) => `not symbols: ${named(tokens)}`,
  unknownTickers: (tickers: readonly string[]) =>
    `unknown ${tickers.length === 1 ? 'symbol' : 'symbols'}: ${named(tickers)}`,
  systemReadOnly: 'only a system administrator can edit a system universe',
  builtInReadOnly: (name: string) => `${name} follows its index's memberships and cannot be edited by hand`,
  systemNotDeletable: 'a system universe cannot be deleted',
  historyRange:
    'the history needs from and to dates (YYYY-MM-DD), from on or before to, at most ten years apart',
} as const;

/** A ticker: 1 to 10 of A-Z 0-9 . - (as `tickerField` of the market reads). */
const tickerPattern = /^[A-Z0-9.-]{1,10}$/;

/**
 * Spec 002 §5: the ticker input is split on commas, spaces and new lines, upper-cased, empties
 * dropped; duplicates are dropped too (first kept). `invalid` lists the tokens that cannot be a symbol.
 */
export function parseTickers(input: string | readonly string[] | undefined | null): {
  tickers: string[];
  invalid: string[];
} {
  if (input === undefined || input === null) return { tickers: [], invalid: [] };
  const parts = (typeof input === 'string' ? [input] : input).flatMap((text) => text.split(/[\s,]+/));
  const tickers = new Set<string>();
  const invalid = new Set<string>();
  for (const part of parts) {
    const token = part.trim().toUpperCase();
    if (token === '') continue;
    (tickerPattern.test(token) ? tickers : invalid).add(token);
  }
  return { tickers: [...tickers], invalid: [...invalid] };
}

/** The universe name rule (spec 002 §5): required after trimming, 50 characters at most. */
export const universeNameField = z
  .string({ error: universeMessages.nameRequired })
  .trim()
  .min(1, { error: universeMessages.nameRequired })
  .max(universeLimits.nameMax, { error: universeMessages.nameTooLong });

/** The view/edit dialog's symbol filter: upper-cased, trimmed, 20 characters at most. */
export function normaliseSymbolFilter(text: string): string {
  return text.toUpperCase().trimStart().slice(0, universeLimits.filterMax);
}

const tickerList = z.union([
  z.string().max(universeLimits.tickersTextMax, { error: 'tickers: the text is too long' }),
  z
    .array(z.string().max(universeLimits.tickersTextMax))
    .max(universeLimits.tickersMax * 2, { error: `at most ${universeLimits.tickersMax} symbols` }),
]);

/**
 * POST universes and PUT universes/{id} (spec 002 §7.5). `{name, tickers}`; the screen's shape is
 * also accepted: `id` (a number, or false for a new one), `added` (new symbols), `removed`
 * (symbols to drop) and `current` (the symbols it shows). The universe then holds
 * (`current` ?? `tickers` ?? what it holds now) plus `added`, less `removed`. Each list is a text
 * (split as the spec says) or an array of texts. `system` (system administrators only) makes a new
 * universe a system one.
 */
export const universeSaveBodySchema = z.object({
  name: universeNameField,
  id: z.union([z.number().int(), z.literal(false), z.null()]).optional(),
  tickers: tickerList.optional(),
  added: tickerList.optional(),
  removed: tickerList.optional(),
  current: tickerList.optional(),
  system: z.boolean().optional(),
});
export type UniverseSaveBody = z.input<typeof universeSaveBodySchema>;

/** The answer of a save: `status` true, the spec's notice in `msg`, the universe's id and symbol count. */
export const universeSaveResponseSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  id: z.number().int(),
  tickers_count: z.number().int(),
});
export type UniverseSaveResponse = z.infer<typeof universeSaveResponseSchema>;

export const universeDeleteResponseSchema = z.object({ status: z.literal(true), msg: z.string() });

const historyDay = z.iso.date({ error: universeMessages.historyRange });

/** GET universes/{id}/history?from&to: days as YYYY-MM-DD, both optional (the last year to today). */
export const universeHistoryQuerySchema = z
  .object({ from: historyDay.optional(), to: historyDay.optional() })
  .refine(
    ({ from, to }) =>
      from === undefined ||
      to === undefined ||
      (from <= to && Date.parse(to) - Date.parse(from) <= universeLimits.historyDaysMax * 86_400_000),
    { error: universeMessages.historyRange, path: ['to'] },
  );

export const universeChangeSchema = z.object({
  symbol: z.string(),
  change: z.enum(['entered', 'left']),
  /** ISO 8601. */
  at: z.string(),
});
export type UniverseChange = z.infer<typeof universeChangeSchema>;

/**
 * The history: the changes between `from` and `to` (days, inclusive), newest first, with how many
 * symbols the universe held at the start of `from` and holds at the end of `to`.
 */
export const universeHistorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  system: z.boolean(),
  from: z.string(),
  to: z.string(),
  count_at_from: z.number().int(),
  count_at_to: z.number().int(),
  changes: z.array(universeChangeSchema),
});
export type UniverseHistory = z.infer<typeof universeHistorySchema>;
