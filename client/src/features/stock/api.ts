import {
  apiPath,
  companyProfileSchema,
  marketApi,
  newsResponseSchema,
  priceHistoryResponseSchema,
  recommendationsResponseSchema,
  stockSchema,
  type CompanyProfile,
  type NewsItem,
  type PriceHistoryResponse,
  type PriceRange,
  type RecommendationsResponse,
  type Stock,
} from '@insight/shared';
import { api } from '../../api/request';

/** The stock page's calls (spec 000 §7), each typed and checked by its shared schema. */
export const stockCalls = {
  stock(symbol: string, signal?: AbortSignal): Promise<Stock> {
    return api.get(apiPath(marketApi.fetchStock, { symbol }), undefined, { schema: stockSchema, signal });
  },

  companyProfile(symbol: string, signal?: AbortSignal): Promise<CompanyProfile> {
    return api.get(apiPath(marketApi.companyProfile, { symbol }), undefined, {
      schema: companyProfileSchema,
      signal,
    });
  },

  /** The symbol's 20 latest news items, newest first. */
  async news(symbol: string, signal?: AbortSignal): Promise<NewsItem[]> {
    const answer = await api.get(apiPath(marketApi.newsForStock, { symbol }), undefined, {
      schema: newsResponseSchema,
      signal,
    });
    return answer.news;
  },

  /** The last 12 months of ratings with the consensus; the spec always sends the flag 1. */
  recommendations(symbol: string, signal?: AbortSignal): Promise<RecommendationsResponse> {
    return api.get(apiPath(marketApi.recommendations, { symbol, flag: 1 }), undefined, {
      schema: recommendationsResponseSchema,
      signal,
    });
  },

  priceHistory(symbol: string, range: PriceRange, signal?: AbortSignal): Promise<PriceHistoryResponse> {
    return api.get(apiPath(marketApi.priceHistory, { symbol, range }), undefined, {
      schema: priceHistoryResponseSchema,
      signal,
    });
  },
};
