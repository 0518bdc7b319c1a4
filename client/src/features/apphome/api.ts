import { marketApi, marketLimits, newsResponseSchema, type NewsItem } from '@insight/shared';
import {
  appsApi,
  myAppResponseSchema,
  topRatingsResponseSchema,
  type App,
  type TopRatingAlert,
} from '@insight/shared/apps/schemas';
import { api } from '../../api/request';

/** The mobile view's reads (spec 002 §7.8): the user's app, top ratings and top news. */
export const appHomeCalls = {
  async myApp(): Promise<App | null> {
    return (await api.get(appsApi.mine, undefined, { schema: myAppResponseSchema })).data;
  },
  async topRatings(signal?: AbortSignal): Promise<TopRatingAlert[]> {
    return (await api.get(appsApi.topRatings, undefined, { schema: topRatingsResponseSchema, signal }))
      .alerts;
  },
  /** Spec 000 §9: top news, 4 by default. */
  async topNews(signal?: AbortSignal): Promise<NewsItem[]> {
    const body = { page_size: marketLimits.topNewsPageSize };
    return (await api.post(marketApi.topNews, body, { schema: newsResponseSchema, signal })).news;
  },
};
