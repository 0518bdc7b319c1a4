import { portfolioLimits, type MonitorSetting, type Position } from '@insight/shared';
import { positionBadge } from '@insight/shared/portfolio/monitor';
import { DateTime } from 'luxon';

/**
 * A position's warning badge (spec 001 §4): of all its warnings the one of the highest colour shows,
 * red before yellow before grey before green. The colour and the reasons come from the monitor rules
 * (shared/src/portfolio/monitor.ts), the same that send the notifications.
 */
export const warningColours = ['red', 'yellow', 'grey', 'green'] as const;
export type WarningColour = (typeof warningColours)[number];

export interface PositionWarning {
  colour: WarningColour;
  /** What the badge says, short. */
  label: string;
  /** The sentence behind it (the badge's title and accessible name). */
  text: string;
}

/** Days from `today` to `day` (both YYYY-MM-DD); null if unreadable. */
function daysBetween(today: string, day: string): number | null {
  const from = DateTime.fromISO(today, { zone: 'utc' });
  const to = DateTime.fromISO(day.slice(0, 10), { zone: 'utc' });
  if (!from.isValid || !to.isValid) return null;
  return Math.round(to.diff(from, 'days').days);
}

/** Spec 001 §9: the earnings badge shows from 2 days before to 14 days ahead. */
export function earningsWarning(position: Pick<Position, 'earning'>, today: string): PositionWarning | null {
  if (position.earning === null) return null;
  const days = daysBetween(today, position.earning);
  if (days === null) return null;
  if (days < -portfolioLimits.earningsBadgeDaysBefore || days > portfolioLimits.earningsBadgeDaysAhead)
    return null;
  const when =
    days === 0
      ? 'today'
      : days > 0
        ? `in ${days} ${days === 1 ? 'day' : 'days'}`
        : `${-days} ${days === -1 ? 'day' : 'days'} ago`;
  return { colour: 'yellow', label: days >= 0 ? `E ${days}d` : 'E', text: `Earnings ${when}` };
}

/** Short badge texts by colour; an earnings warning shows its own ("E 3d"). */
const badgeLabels: Record<WarningColour, string> = {
  red: 'Alert',
  yellow: 'Watch',
  grey: 'Review',
  green: 'Good',
};

/** The position's warning under the file's monitor rules: one, of the highest colour, with every reason. */
export function warningsOf(
  position: Position,
  today: string,
  settings: readonly MonitorSetting[],
): PositionWarning[] {
  const badge = positionBadge(position, settings, today);
  if (badge === null) return [];
  const earnings = earningsWarning(position, today);
  const label = badge.colour === 'yellow' && earnings !== null ? earnings.label : badgeLabels[badge.colour];
  return [{ colour: badge.colour, label, text: badge.reasons.join('; ') }];
}

/** The warning that shows: the highest colour (red > yellow > grey > green), the first of that colour. */
export function topWarning(warnings: readonly PositionWarning[]): PositionWarning | null {
  let top: PositionWarning | null = null;
  for (const warning of warnings) {
    if (top === null || warningColours.indexOf(warning.colour) < warningColours.indexOf(top.colour))
      top = warning;
  }
  return top;
}

/** Chakra palettes of the colours. */
export const warningPalette: Record<WarningColour, string> = {
  red: 'red',
  yellow: 'yellow',
  grey: 'gray',
  green: 'green',
};
