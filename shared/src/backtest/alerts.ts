import { ratingHorizonTradingDays } from '../analysts/performance';
import type { Position } from './returns';

export interface AlertFact {
  id: string;
  analyst: string;
  symbol: string;
  rating: 'buy' | 'sell';
  /** The New York day of publication (YYYY-MM-DD). */
  day: string;
}

export interface AlertTrade extends Position {
  analyst: string;
  /** Why it was sold: a later sell alert, the rating's horizon, or the end of the backtest. */
  why: 'sell' | 'horizon' | 'end';
}

/** The index of the first calendar day on or after `day` (calendar.length when none). */
function firstOnOrAfter(calendar: readonly string[], day: string): number {
  let low = 0;
  let high = calendar.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (calendar[mid]! < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * "What would following these alerts have made": each buy alert is bought at the close of the day it
 * was published (the next trading day's close when published on a closed day), with the same money as
 * every other, and sold at the first of: the close of the day of a later sell alert on the same symbol
 * among the same alerts, the rating's horizon (`ratingHorizonTradingDays` trading days), or the
 * backtest's last day. Alerts are oldest first.
 */
export function tradesOfAlerts(
  calendar: readonly string[],
  alerts: readonly AlertFact[],
  horizon = ratingHorizonTradingDays,
): AlertTrade[] {
  const last = calendar.length - 1;
  const trades: AlertTrade[] = [];
  if (last < 0) return trades;
  for (const [i, alert] of alerts.entries()) {
    if (alert.rating !== 'buy') continue;
    const from = firstOnOrAfter(calendar, alert.day);
    if (from >= last) continue; // published on or after the last day: nothing to hold
    let to = Math.min(from + horizon, last);
    let why: AlertTrade['why'] = from + horizon <= last ? 'horizon' : 'end';
    const sell = alerts
      .slice(i + 1)
      .find((later) => later.symbol === alert.symbol && later.rating === 'sell');
    if (sell) {
      const at = Math.max(from, firstOnOrAfter(calendar, sell.day));
      if (at <= to) {
        to = at;
        why = 'sell';
      }
    }
    trades.push({
      symbol: alert.symbol,
      analyst: alert.analyst,
      entry: calendar[from]!,
      exit: calendar[to]!,
      why,
    });
  }
  return trades;
}
