import { newYorkDate, previousTradingDay, sessionOf } from '../market/calendar';

/**
 * The sector ETF's move since an entry, one rule for the watchlist's `etf_pl` and the portfolio's
 * `etf_pl_per` (spec 001 §3), so the same symbol entered the same day shows the same figure in both.
 */

/**
 * The trading day whose close was the last one known at an instant: that day when its session had
 * closed by then, else the trading day before.
 */
export function lastClosedDay(at: Date): string {
  const today = newYorkDate(at);
  const session = sessionOf(today);
  return session && at.getTime() >= session.close.getTime() ? today : previousTradingDay(today);
}

/**
 * The day whose ETF close is the base of the move: the last close known when the entry was made,
 * when the entry was recorded on its own day (a watchlist follow; a position entered the day it was
 * added), else the close of the trading day before the entry day (a back-dated position).
 */
export function etfBaseDay(entryDay: string, recordedAt: Date | null): string {
  if (recordedAt !== null && mayBeOnDay(recordedAt, entryDay) && newYorkDate(recordedAt) === entryDay)
    return lastClosedDay(recordedAt);
  return previousTradingDay(entryDay);
}

const hourMs = 3_600_000;

/**
 * False when the instant is surely not on the New York day: that day runs from its 04:00 or 05:00
 * UTC to the next day's, so an instant outside [00:00 UTC, next day 06:00 UTC) is on another. A
 * cheap test before the time-zone lookup, which a file of 500 back-dated lots would pay 500 times.
 */
function mayBeOnDay(at: Date, day: string): boolean {
  const start = Date.parse(day);
  const ms = at.getTime();
  return !(ms < start || ms >= start + 30 * hourMs);
}

/** Percent change of the ETF from its base close to its price at the end, 2 decimals; null when either is missing. */
export function etfMovePercent(baseClose: number | null, endPrice: number | null): number | null {
  if (baseClose === null || endPrice === null || baseClose === 0) return null;
  return Math.round((10_000 * (endPrice - baseClose)) / Math.abs(baseClose)) / 100;
}
