import { z } from 'zod';

/**
 * The system admins' utilities (issue 16 item 4; spec 002 §§2.2, 5, 7.5, 7.6, 8) and the ETF
 * allocations (spec 001 §7). Add Symbols fetches the new symbols by a job of the job runner.
 */
export const adminToolsApi = {
  addSymbols: '/api/tools/add_symbols_to_system/',
  symbolsNoSectors: '/api/tools/get_symbols_no_sectors/',
  setEarningDate: '/api/tools/set_earning_date',
  userOrders: '/api/user/get_order_by_user/:id',
  userOrdersCsv: '/api/user/get_order_by_user/:id/csv',
  copyFile: '/api/file/copy_file_to_user/:from/:to',
  etfKeys: '/api/tools/get_etf_allocations_keys/',
  etfWeights: '/api/tools/get_etf_allocations_weights/',
} as const;

export const adminToolsMessages = {
  noSymbols: 'please set symbol names',
  missingUsers: 'missing users',
  earningUpdateFailed: 'error updateing earning date',
  copyUnknown: 'unknown error',
  earningBeforeToday: 'The earning date cannot be before today',
  targetHasFile: 'The target user already has a portfolio file; confirm to replace it',
  sameUser: 'The source and the target are the same user',
  sourceHasNoFile: 'The source user has no portfolio file',
  noSuchUser: (id: number) => `No user with id ${id}`,
  unknownSymbols: (symbols: readonly string[]) =>
    `${symbols.length === 1 ? 'Unknown symbol' : 'Unknown symbols'}: ${symbols.join(', ')}`,
  unknownEtfs: (symbols: readonly string[]) => `Not an ETF the market data knows: ${symbols.join(', ')}`,
} as const;

/** The kind of the Add Symbols job on the job runner. */
export const addSymbolsJobKind = 'admin.addSymbols';
export interface AddSymbolsJobParams {
  symbols: string[];
  sectorId: number;
}

const tickersInput = z.union([z.string(), z.array(z.string())], {
  error: 'tickers: a text or a list of symbols',
});

export const addSymbolsBodySchema = z.object({
  tickers: tickersInput.optional(),
  /** A sector id of shared `sectors`, or 0 to keep the upstream's sector. */
  sector_id: z.coerce
    .number({ error: 'sector_id must be a sector id or 0' })
    .int({ error: 'sector_id must be a sector id or 0' })
    .min(0, { error: 'sector_id must be a sector id or 0' })
    .max(11, { error: 'sector_id must be a sector id or 0' })
    .default(0),
});
export type AddSymbolsBody = z.input<typeof addSymbolsBodySchema>;
export const addSymbolsResponseSchema = z.object({
  status: z.literal(true),
  /** How many symbols are being added (already known ones are not counted). */
  count: z.number(),
  /** The job fetching them; null when there was nothing to add. */
  jobId: z.string().nullable(),
  msg: z.string(),
});
export type AddSymbolsResponse = z.infer<typeof addSymbolsResponseSchema>;

export const symbolsNoSectorsResponseSchema = z.object({
  status: z.literal(true),
  tickers: z.array(z.string()),
});

export const setEarningDateBodySchema = z.object({
  ticker: z
    .string({ error: 'ticker is required' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'ticker is required' }),
  earning_date: z.iso.date({ error: 'earning_date must be a date YYYY-MM-DD' }),
});
export type SetEarningDateBody = z.input<typeof setEarningDateBodySchema>;
export const statusMessageSchema = z.object({ status: z.literal(true), msg: z.string() });
export type StatusMessage = z.infer<typeof statusMessageSchema>;

export const orderUserParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a user id' })
    .int({ error: 'id must be a user id' })
    .positive({ error: 'id must be a user id' }),
});
export const userOrdersResponseSchema = z.object({ msg: z.string(), url: z.string() });
export type UserOrdersResponse = z.infer<typeof userOrdersResponseSchema>;

export const copyFileQuerySchema = z.object({
  /** The admin confirmed replacing the target's file. */
  replace: z.enum(['true', 'false', '1', '0']).optional(),
});

export const etfKeysResponseSchema = z.object({ status: z.literal(true), keys: z.array(z.string()) });
export const etfWeightsBodySchema = z.object({ etfs: tickersInput });
/** Per ETF, the percent of its holdings in each sector (summing to 100). */
export const etfWeightsResponseSchema = z.object({
  status: z.literal(true),
  weights: z.record(z.string(), z.record(z.string(), z.number())),
});
export type EtfWeightsResponse = z.infer<typeof etfWeightsResponseSchema>;
