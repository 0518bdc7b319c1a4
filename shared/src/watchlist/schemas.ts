import { z } from 'zod';
import { tickerField } from '../market/schemas';

/**
 * The watchlist (spec 000 §4 "Watchlist toggle", spec 001 §3 "Watchlist item", §7). Following a
 * symbol records when and at what price: the item's entry date and entry price. Every answer is the
 * whole updated watchlist, which the client stores as is and other tabs receive as `watchlist:changed`.
 */
export const watchlistApi = {
  get: '/api/user/get_watchlist',
  follow: '/api/user/followSymbol',
  unfollow: '/api/user/unfollow_symbol',
} as const;

/** POST user/followSymbol and user/unfollow_symbol: `{data: {symbol}}`. */
export const watchSymbolBodySchema = z.object({ data: z.object({ symbol: tickerField }) });
export type WatchSymbolBody = z.infer<typeof watchSymbolBodySchema>;

/**
 * A Watchlist item of spec 001 §3. Prices in USD; `pl` and `etf_pl` percent since the entry (the
 * symbol's and its sector ETF's, over the same days); `dailyChangePercent` percent; `earningDate` the
 * next earnings date on or after today, YYYY-MM-DD. Missing figures are null.
 */
export const watchlistItemSchema = z.object({
  symbol: z.string(),
  company_name: z.string(),
  sector: z.string().nullable(),
  /** When the symbol was followed: `{date: ISO 8601}` as the spec's `entry_date.date`. */
  entry_date: z.object({ date: z.string() }),
  entryPrice: z.number().nullable(),
  lastPrice: z.number().nullable(),
  pl: z.number().nullable(),
  etf_pl: z.number().nullable(),
  /** The SPDR ETF of the symbol's sector. */
  etf: z.string().nullable(),
  dailyChangePercent: z.number().nullable(),
  earningDate: z.string().nullable(),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

/** Every watchlist answer: the followed symbols (newest first) and their items in the same order. */
export const watchlistResponseSchema = z.object({
  followingSymbols: z.array(z.string()),
  items: z.array(watchlistItemSchema),
});
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;

export const watchlistLimits = { maxSymbols: 200 } as const;

export const watchlistMessages = {
  tooMany: `A watchlist holds at most ${watchlistLimits.maxSymbols} symbols`,
  followFailed: (symbol: string) => `Could not add ${symbol} to the watchlist. Please try again.`,
  unfollowFailed: (symbol: string) => `Could not remove ${symbol} from the watchlist. Please try again.`,
  compareTooShort:
    'There is no data available for this symbol. It takes at least one day to calculate the benchmark comparison.',
} as const;
