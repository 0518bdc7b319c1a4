import { marketApi, marketLimits, newsResponseSchema, type NewsItem } from '@insight/shared';
import type { NewsChannel } from '@insight/shared/upstream/contract';
import { api } from '../../api/request';

/** The channel whose page is read with get_top_news_qm; every other one with get_channels_news_qm. */
export const topNewsChannel: NewsChannel = 'Top News';

/** Spec 002 §7.7: the news page reads 20 items of one channel, from the first page. */
export const newsCalls = {
  async channel(channel: NewsChannel, signal?: AbortSignal): Promise<NewsItem[]> {
    const page_size = marketLimits.newsPageSize;
    const answer =
      channel === topNewsChannel
        ? await api.post(marketApi.topNewsQm, { page_size, page: 0 }, { schema: newsResponseSchema, signal })
        : await api.post(
            marketApi.channelsNewsQm,
            { page_size, page: 0, channels: [channel] },
            { schema: newsResponseSchema, signal },
          );
    return answer.news;
  },
};
