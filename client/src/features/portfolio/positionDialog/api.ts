import { apiPath, marketApi, symbolAndLastResponseSchema } from '@insight/shared';
import { ApiError, api } from '../../../api/request';

/** The market call the dialog needs (spec 002 §4): a symbol's last price. */
export const positionDialogCalls = {
  /** The last price, or null when the market does not know the symbol or has no price (404). */
  async lastPrice(symbol: string, signal?: AbortSignal): Promise<number | null> {
    try {
      const answer = await api.get(apiPath(marketApi.symbolAndLast, { symbol }), undefined, {
        schema: symbolAndLastResponseSchema,
        signal,
      });
      return answer.price > 0 ? answer.price : null;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  },
};
