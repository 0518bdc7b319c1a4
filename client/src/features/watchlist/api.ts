import {
  apiPath,
  marketApi,
  symbolToEtfChartSchema,
  watchlistApi,
  watchlistResponseSchema,
  type SymbolToEtfChart,
  type WatchSymbolBody,
  type WatchlistResponse,
} from '@insight/shared';
import { api } from '../../api/request';

/** The watchlist calls of spec 001 §7; every answer is the whole watchlist after the call. */
export const watchlistCalls = {
  get(signal?: AbortSignal): Promise<WatchlistResponse> {
    return api.get(watchlistApi.get, undefined, { schema: watchlistResponseSchema, signal });
  },
  follow(symbol: string): Promise<WatchlistResponse> {
    const body: WatchSymbolBody = { data: { symbol } };
    return api.post(watchlistApi.follow, body, { schema: watchlistResponseSchema });
  },
  unfollow(symbol: string): Promise<WatchlistResponse> {
    const body: WatchSymbolBody = { data: { symbol } };
    return api.post(watchlistApi.unfollow, body, { schema: watchlistResponseSchema });
  },
  /** The symbol's and the ETF's daily change since `start` (YYYY-MM-DD), for the Compare dialog. */
  compare(symbol: string, etf: string, start: string, signal?: AbortSignal): Promise<SymbolToEtfChart> {
    return api.get(apiPath(marketApi.symbolToEtfChart, { symbol, etf, start }), undefined, {
      schema: symbolToEtfChartSchema,
      signal,
    });
  },
};
