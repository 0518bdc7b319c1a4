import type { Stock } from '@insight/shared';
import {
  formatCalendarDate,
  formatCompact,
  formatCompactUsd,
  formatFixed2,
  formatPercent,
  formatSignedFixed2,
  formatSignedPercent,
  formatUsd,
  formatWhole,
  notAvailable,
  toneOf,
  type Tone,
} from './format';
import type { LivePrice } from './live';

export interface StockRow {
  label: string;
  value: string;
  /** Only the change is painted green or red (spec 000 §2). */
  tone?: Tone;
}

/**
 * The data table's 14 rows (spec 000 §2), in reading order: size and trading first, then valuation,
 * then the shareholder's figures. Chosen from the Stock fields that the header does not already
 * show (name, exchange, sector and last price sit above the table):
 *
 *  1 Market Cap         compact, 1 decimal ($2.7T)
 *  2 Change             the day's change in USD and percent, live, green or red
 *  3 Day's Range        low - high, 2 decimals
 *  4 Bid                USD
 *  5 Volume             today's shares traded
 *  6 Avg Volume (20d)
 *  7 Beta               2 decimals
 *  8 P/E (12m)          2 decimals
 *  9 P/B                2 decimals
 * 10 EPS                trailing, USD
 * 11 ROE                percent
 * 12 Shares Outstanding compact
 * 13 Forward Dividend   iad in USD, with the yield it gives at the last price
 * 14 Earnings Date      the next one, MM/DD/YY
 */
export function stockRows(stock: Stock, price: LivePrice): StockRow[] {
  const change =
    price.change === null && price.changePercent === null
      ? notAvailable
      : `${formatSignedFixed2(price.change)} (${formatSignedPercent(price.changePercent)})`;
  return [
    { label: 'Market Cap', value: formatCompactUsd(stock.MarketCapitalization) },
    { label: 'Change', value: change, tone: toneOf(price.changePercent ?? price.change) },
    { label: "Day's Range", value: stock.DaysRange?.trim() || notAvailable },
    { label: 'Bid', value: formatUsd(stock.bid) },
    { label: 'Volume', value: formatWhole(stock.Volume) },
    { label: 'Avg Volume (20d)', value: formatWhole(stock.avg_vol) },
    { label: 'Beta', value: formatFixed2(stock.beta) },
    { label: 'P/E (12m)', value: formatFixed2(stock.pe_ratio_12m) },
    { label: 'P/B', value: formatFixed2(stock.pb_ratio) },
    { label: 'EPS', value: formatUsd(stock.eps_act_fr0) },
    { label: 'ROE', value: formatPercent(stock.roe) },
    { label: 'Shares Outstanding', value: formatCompact(stock.shares_outstanding) },
    { label: 'Forward Dividend', value: forwardDividend(stock.iad, price.lastPrice) },
    { label: 'Earnings Date', value: formatCalendarDate(stock.earningDate) },
  ];
}

/** $1.05 (0.57%): the yield is the dividend over the last price, when there is one. */
function forwardDividend(dividend: number | null, lastPrice: number | null): string {
  if (dividend === null) return notAvailable;
  if (lastPrice === null || lastPrice <= 0) return formatUsd(dividend);
  return `${formatUsd(dividend)} (${formatPercent((dividend / lastPrice) * 100)})`;
}
