import type { QuoteDelta, Stock } from '@insight/shared';

/** The price the header and the table show: the latest pushed quote over the one fetch_stock read. */
export interface LivePrice {
  lastPrice: number | null;
  /** The day's change in USD. */
  change: number | null;
  /** The day's change in percent. */
  changePercent: number | null;
}

type PriceFields = Pick<Stock, 'lastPrice' | 'dailyChange' | 'dailyChangeVal'>;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A push carries the last price and the change in percent only. The change in USD is measured from
 * the previous close that fetch_stock implies (last price less its change), which is exact within
 * the day; without it, the close is recovered from the pushed percent.
 */
export function livePrice(stock: PriceFields, pushed: QuoteDelta | undefined): LivePrice {
  if (!pushed) {
    return { lastPrice: stock.lastPrice, change: stock.dailyChangeVal, changePercent: stock.dailyChange };
  }
  const previousClose =
    stock.lastPrice !== null && stock.dailyChangeVal !== null
      ? stock.lastPrice - stock.dailyChangeVal
      : pushed.lastPrice / (1 + pushed.dailyChange / 100);
  return {
    lastPrice: pushed.lastPrice,
    change: round2(pushed.lastPrice - previousClose),
    changePercent: pushed.dailyChange,
  };
}
