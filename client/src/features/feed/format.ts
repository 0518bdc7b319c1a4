import { gradeLabel } from '@insight/shared';
import { DateTime } from 'luxon';

/** How the feed writes its figures (spec 000 §9: 2 decimals; market cap compact with 1 decimal). */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatPrice = (value: number) => usd.format(value);
export const formatCompactUsd = (value: number) => compactUsd.format(value);
export const formatDecimal = (value: number) => twoDecimals.format(value);
export const formatShortDecimal = (value: number) => upToTwoDecimals.format(value);

/** A signed percent with 2 decimals: +1.25%, -0.40%, 0.00%. */
export function formatSignedPercent(value: number): string {
  const text = `${twoDecimals.format(Math.abs(value))}%`;
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

export const formatPercent = (value: number) => `${upToTwoDecimals.format(value)}%`;

export type Tone = 'up' | 'down' | 'flat';
export const toneOf = (value: number | null | undefined): Tone =>
  value === null || value === undefined || value === 0 ? 'flat' : value > 0 ? 'up' : 'down';
/** Spec: green #00BA6C up, red #db4437 down (the theme's insight.green / insight.red). */
export const toneColor: Record<Tone, string> = { up: 'insight.green', down: 'insight.red', flat: 'fg.muted' };

/** Spec 000 §3: grades 1 to 7 read C+ to A+. */
export const gradeText = (grade: number) => gradeLabel(grade);

/** A calendar date (YYYY-MM-DD) as "Mar 5, 2026". */
export function formatCalendarDate(isoDate: string): string {
  const date = DateTime.fromISO(isoDate, { zone: 'utc' });
  return date.isValid ? date.toFormat('LLL d, yyyy') : isoDate;
}

/** An instant (unix seconds or ISO) as "Mar 5, 2026, 2:30 PM" in the reader's zone. */
export function formatDateTime(at: number | string): string {
  const date = typeof at === 'number' ? DateTime.fromSeconds(at) : DateTime.fromISO(at);
  return date.isValid ? date.toLocaleString(DateTime.DATETIME_MED) : String(at);
}

/** An instant as "Mar 5, 2026". */
export function formatDate(at: number | string): string {
  const date = typeof at === 'number' ? DateTime.fromSeconds(at) : DateTime.fromISO(at);
  return date.isValid ? date.toLocaleString(DateTime.DATE_MED) : String(at);
}

/** "just now", "5 min. ago", "3 hr. ago", "2 days ago" against `now`. */
export function formatAge(at: number, now: number): string {
  const seconds = Math.max(0, now / 1000 - at);
  if (seconds < 45) return 'just now';
  return DateTime.fromSeconds(at).toRelative({ base: DateTime.fromMillis(now), style: 'short' }) ?? '';
}
