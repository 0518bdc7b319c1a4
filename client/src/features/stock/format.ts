import { DateTime } from 'luxon';

/**
 * How the stock page writes its figures (spec 000 §2, §9): 'N/A' for a missing value, prices, beta
 * and P/E to 2 decimals, market cap compact with 1 decimal, dates as MM/DD/YY.
 */
export const notAvailable = 'N/A';

type Maybe = number | null | undefined;

const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const compactUsdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const compactFormat = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const known = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

/** $1,234.56 */
export const formatUsd = (value: Maybe): string => (known(value) ? usdFormat.format(value) : notAvailable);

/** $2.7T, $845.3M: the market cap's compact form. */
export const formatCompactUsd = (value: Maybe): string =>
  known(value) ? compactUsdFormat.format(value) : notAvailable;

/** 14.8B shares. */
export const formatCompact = (value: Maybe): string =>
  known(value) ? compactFormat.format(value) : notAvailable;

/** 158,439,873: volumes are read digit by digit, so they keep every digit. */
export const formatWhole = (value: Maybe): string =>
  known(value) ? wholeFormat.format(value) : notAvailable;

/** 1.20: beta, P/E, P/B. */
export const formatFixed2 = (value: Maybe): string =>
  known(value) ? twoDecimals.format(value) : notAvailable;

/** 48.50% */
export const formatPercent = (value: Maybe): string =>
  known(value) ? `${twoDecimals.format(value)}%` : notAvailable;

const signedTwoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** +2.26 / -2.26: a day's change in USD, its sign always written (as finance pages write it, no $). */
export const formatSignedFixed2 = (value: Maybe): string =>
  known(value) ? signedTwoDecimals.format(value) : notAvailable;

/** +1.25% / -1.25% */
export const formatSignedPercent = (value: Maybe): string =>
  known(value) ? `${signedTwoDecimals.format(value)}%` : notAvailable;

/** Which way a figure moved; the page paints 'up' green (#00BA6C) and 'down' red (#db4437). */
export type Tone = 'up' | 'down' | 'flat';
export const toneOf = (value: Maybe): Tone =>
  !known(value) || value === 0 ? 'flat' : value > 0 ? 'up' : 'down';
export const toneColor: Record<Tone, string> = { up: 'insight.green', down: 'insight.red', flat: 'fg.muted' };

/** A calendar date as the data sends it (YYYY-MM-DD, a New York trading day) as MM/DD/YY. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return notAvailable;
  const date = DateTime.fromISO(value, { zone: 'utc' });
  return date.isValid ? date.toFormat('MM/dd/yy') : notAvailable;
}

/** A moment (ISO 8601 or unix seconds) as MM/DD/YY in the reader's time zone. */
export function formatMomentDate(value: string | number): string {
  const date = typeof value === 'number' ? DateTime.fromSeconds(value) : DateTime.fromISO(value);
  return date.isValid ? date.toFormat('MM/dd/yy') : notAvailable;
}
