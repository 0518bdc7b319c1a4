import { marketApi, marketOpenResponseSchema } from '@insight/shared';
import { api } from '../../api/request';

/** The market calls of spec 000 §7 the client makes. */
export const marketCalls = {
  /** Whether US markets are open now; null while the gateway does not know. */
  async isMarketOpen(signal?: AbortSignal): Promise<boolean | null> {
    const answer = await api.post(marketApi.isMarketOpen, undefined, {
      schema: marketOpenResponseSchema,
      signal,
    });
    return answer.is_market_open;
  },
};
