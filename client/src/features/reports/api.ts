import { apiPath } from '@insight/shared';
import {
  analystSectorTrendResponseSchema,
  marketDataAckSchema,
  marketTrendsResponseSchema,
  reportsApi,
  type MarketDataPathParams,
} from '@insight/shared/reports/schemas';
import { api } from '../../api/request';

/** The report path: '@' stays as it is, as a mail address is usually written. */
export const marketDataPath = (params: Record<keyof MarketDataPathParams, string | number>) =>
  apiPath(reportsApi.marketData, params).replace(/%40/g, '@');

/** The Market Data report and the market charts (spec 002 §7.6, spec 001 §7). */
export const reportCalls = {
  requestMarketData(params: Record<keyof MarketDataPathParams, string | number>) {
    return api.get(marketDataPath(params), undefined, { schema: marketDataAckSchema });
  },
  marketTrends(range: { fromDate?: string; toDate?: string }, signal?: AbortSignal) {
    const query: Record<string, string> = {};
    if (range.fromDate) query.fromDate = range.fromDate;
    if (range.toDate) query.toDate = range.toDate;
    return api.get(reportsApi.marketTrends, query, { schema: marketTrendsResponseSchema, signal });
  },
  analystSectorTrend(
    params: {
      long: boolean;
      short: boolean;
      teamOnly: boolean;
      compareMonths: number;
      startMonth: string;
      universe: number;
    },
    signal?: AbortSignal,
  ) {
    const flag = (value: boolean) => (value ? 1 : 0);
    const path = apiPath(reportsApi.analystSectorTrend, {
      long: flag(params.long),
      short: flag(params.short),
      teamOnly: flag(params.teamOnly),
      compareMonths: params.compareMonths,
      startMonth: params.startMonth,
      universe: params.universe,
    });
    return api.get(path, undefined, { schema: analystSectorTrendResponseSchema, signal });
  },
};
