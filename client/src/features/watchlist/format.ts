import { DateTime } from 'luxon';

/**
 * How the watchlist writes its figures: prices in USD to 2 decimals, percents signed to 2 decimals,
 * dates MM/DD/YY (spec 002 §9), 'N/A' for what the data lacks. Changes are painted with the brand's
 * green #00BA6C up and red #db4437 down (spec 000 §9).
 */
export const notAvailable = 'N/A';

type Maybe = number | null | undefined;
const known = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const signed = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** $1,234.56 */
export const formatUsd = (value: Maybe): string => (known(value) ? usd.format(value) : notAvailable);

/** +1.25% / -1.25% / 0.00% */
export const formatSignedPercent = (value: Maybe): string =>
  known(value) ? `${signed.format(value)}%` : notAvailable;

export type Tone = 'up' | 'down' | 'flat';
export const toneOf = (value: Maybe): Tone =>
  !known(value) || Math.abs(value) < 0.005 ? 'flat' : value > 0 ? 'up' : 'down';
export const toneColor: Record<Tone, string> = { up: 'insight.green', down: 'insight.red', flat: 'fg.muted' };

/** The markets' time zone: an entry is dated by the New York trading day it happened on. */
const marketZone = 'America/New_York';

/** The New York day of a moment (ISO 8601), as YYYY-MM-DD; null if it cannot be read. */
export function marketDayOf(moment: string): string | null {
  const date = DateTime.fromISO(moment, { zone: marketZone });
  return date.isValid ? date.toISODate() : null;
}

/** A moment (ISO 8601) as its New York day, MM/DD/YY. */
export function formatMarketDay(moment: string): string {
  const date = DateTime.fromISO(moment, { zone: marketZone });
  return date.isValid ? date.toFormat('MM/dd/yy') : notAvailable;
}

/** A calendar date (YYYY-MM-DD) as MM/DD/YY. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return notAvailable;
  const date = DateTime.fromISO(value, { zone: 'utc' });
  return date.isValid ? date.toFormat('MM/dd/yy') : notAvailable;
}

/** Days from today (New York) to a calendar date; null if unknown. */
export function daysUntil(value: string | null | undefined, now: DateTime = DateTime.now()): number | null {
  if (!value) return null;
  const date = DateTime.fromISO(value, { zone: marketZone });
  if (!date.isValid) return null;
  return Math.round(date.startOf('day').diff(now.setZone(marketZone).startOf('day'), 'days').days);
}

/** Spec 001 §9: an earnings date is flagged when it is at most 14 days ahead. */
export const earningsSoonDays = 14;

/** Percent change from `from` to `to`; null unless both are known and `from` is positive. */
export function changePercent(from: Maybe, to: Maybe): number | null {
  if (!known(from) || !known(to) || from <= 0) return null;
  return ((to - from) / from) * 100;
}
