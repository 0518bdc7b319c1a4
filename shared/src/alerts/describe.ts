import type { Alert } from './schemas';

const price = (value: number) => `$${value.toFixed(2)}`;

/** MM/DD/YY of a YYYY-MM-DD date (as the feed shows dates). */
function shortDate(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return year && month && date ? `${month}/${date}/${year.slice(2)}` : day;
}

/**
 * The card's sentence of spec 000 §2 "Live feed" in plain text (the `description` of spec 001 §3),
 * without the live price, which moves: e.g. "Jane Doe is BULLISH on AAPL with Target $210.00".
 */
export function describeAlert(
  alert: Pick<Alert, 'type' | 'rating' | 'symbol' | 'analyst_name' | 'price_target' | 'earning_date'>,
): string {
  switch (alert.type) {
    case 1014: {
      const stance = alert.rating === 'sell' ? 'BEARISH' : 'BULLISH';
      const target = alert.price_target === null ? 'N/A' : price(alert.price_target);
      return `${alert.analyst_name ?? 'An analyst'} is ${stance} on ${alert.symbol} with Target ${target}`;
    }
    case 1015:
      return alert.earning_date
        ? `${alert.symbol}: earning announcement is coming up on ${shortDate(alert.earning_date)}`
        : `${alert.symbol}: earning announcement is coming up`;
    case 1017:
      return `${alert.symbol}: earning announcement is today`;
    case 1016:
      return `${alert.symbol} is underperforming relative to sector`;
    case 1004:
      return `${alert.symbol}: Last price is 2% from Recommended Target Price`;
  }
}
