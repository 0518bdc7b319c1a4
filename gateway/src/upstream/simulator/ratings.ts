import { ratingHorizonTradingDays } from '@insight/shared/analysts/performance';
import type { UpstreamRating } from '@insight/shared/upstream/contract';
import type { SimAnalyst } from './analysts';
import { previousTradingDay } from '@insight/shared/market/calendar';
import { type PricePaths, sessionOf } from './prices';
import { Random } from './random';
import { companyByTicker, sectorEtf } from './universe';

/**
 * How far ahead an analyst's call looks: the horizon the product judges ratings over. The simulator
 * lets an analyst glimpse the path over this window (the market of a seed is fixed in advance), and
 * skill is the probability of reading it right; the product then measures the calls against what
 * happened.
 */
export const callHorizonDays = ratingHorizonTradingDays;

export interface SimRating extends UpstreamRating {
  /** Sort key: publication instant in ms. */
  at: number;
}

/**
 * When analysts publish, as the real desks do: most notes before the open and after the close, some
 * in the session, some late at night; on weekends and holidays a few. Shares of a trading day's notes.
 */
export const publishingHours = {
  /** 6:00 to the open, New York time. */
  beforeOpen: 0.45,
  /** From the close to 19:30. */
  afterClose: 0.3,
  /** During the session. */
  session: 0.13,
  /** 19:30 to midnight (the rest). */
  night: 0.12,
  /** How often an analyst publishes on a day without a session, relative to a trading day. */
  closedDay: 0.12,
} as const;

const minute = 60_000;

/** The instant of a New York wall-clock time (minutes after midnight) on a date. */
export function newYorkInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // New York is UTC-5 in winter and UTC-4 in summer: take the offset whose wall clock matches.
  for (const offset of [5, 4]) {
    const at = new Date(Date.UTC(y, m - 1, d, offset, 0) + minutes * minute);
    const wall = newYorkClock.formatToParts(at);
    const hour = Number(wall.find((p) => p.type === 'hour')!.value) % 24;
    const min = Number(wall.find((p) => p.type === 'minute')!.value);
    if (hour * 60 + min === minutes % 1440) return at;
  }
  return new Date(Date.UTC(y, m - 1, d, 5, 0) + minutes * minute);
}
const newYorkClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When an analyst's note of the day goes out (a draw of `random`), by `publishingHours`. */
function publishedAt(date: string, random: Random): Date {
  const session = sessionOf(date);
  const second = () => random.int(0, 59) * 1000;
  if (!session) return new Date(newYorkInstant(date, random.int(8 * 60, 20 * 60)).getTime() + second());
  const at = (from: Date, spanMinutes: number) =>
    new Date(from.getTime() + random.int(0, Math.max(0, spanMinutes - 1)) * minute + second());
  const sessionMinutes = Math.floor((session.close.getTime() - session.open.getTime()) / minute);
  const evening = newYorkInstant(date, 19 * 60 + 30);
  const slot = random.next();
  const { beforeOpen, afterClose, session: during } = publishingHours;
  if (slot < beforeOpen) return at(newYorkInstant(date, 6 * 60), 3 * 60 + 25);
  if (slot < beforeOpen + afterClose)
    return at(
      new Date(session.close.getTime() + 5 * minute),
      Math.floor((evening.getTime() - session.close.getTime()) / minute) - 5,
    );
  if (slot < beforeOpen + afterClose + during)
    return at(new Date(session.open.getTime() + 3 * minute), sessionMinutes - 6);
  return at(evening, 4 * 60 + 29);
}

/**
 * The ratings published on one calendar day, by every analyst, in time order: around the clock
 * (`publishingHours`), fewer on days without a session. A pure function of the seed and the date.
 * A note out of the session is priced at the last close.
 */
export function ratingsOn(
  date: string,
  seed: number,
  analysts: readonly SimAnalyst[],
  paths: PricePaths,
): SimRating[] {
  const trading = sessionOf(date) !== null;
  // The day whose close (or session) prices the note, and from which the call looks ahead.
  const baseDay = trading ? date : previousTradingDay(date);
  const horizon = paths.tradingDays(baseDay, addDays(baseDay, 400)).slice(0, callHorizonDays + 1);
  const end = horizon[horizon.length - 1]!;
  const ratings: SimRating[] = [];
  for (const analyst of analysts) {
    const random = new Random(seed, 'rating', analyst.id, date);
    if (!random.chance((trading ? 1 : publishingHours.closedDay) / analyst.cadence)) continue;
    const symbol = random.pick(analyst.coverage);
    const company = companyByTicker(symbol)!;
    const at = publishedAt(date, random);
    const price = paths.intraday(symbol, baseDay, at).last;
    const etf = sectorEtf[company.sector];
    const stockReturn = paths.close(symbol, end) / price - 1;
    const etfReturn = paths.close(etf, end) / paths.close(etf, baseDay) - 1;
    let maxUp = 0;
    let maxDown = 0;
    for (const day of horizon.slice(1)) {
      const close = paths.close(symbol, day);
      maxUp = Math.max(maxUp, close / price - 1);
      maxDown = Math.max(maxDown, 1 - close / price);
    }
    const skill = analyst.skill[company.sector] ?? 0.3;
    const right: 'buy' | 'sell' = stockReturn > etfReturn ? 'buy' : 'sell';
    const readsItRight = random.chance(0.2 + 0.75 * skill);
    const rating: 'buy' | 'sell' = readsItRight ? right : right === 'buy' ? 'sell' : 'buy';
    // Sell-side desks seldom say sell: most of the time a bearish view goes out as a hold, which
    // this feed of buy and sell calls does not carry. Real rating mixes run about 1 sell to 7 buys.
    if (rating === 'sell' && !random.chance(sellsPublished)) continue;
    // A skilled call sets a target inside what the stock will reach; a wrong one a typical target.
    const move = readsItRight
      ? clamp(
          random.between(0.5, 1.0) * (rating === 'buy' ? maxUp : maxDown),
          0.03,
          rating === 'buy' ? 0.6 : 0.5,
        )
      : random.between(0.08, 0.3);
    const target = rating === 'buy' ? price * (1 + move) : price * (1 - move);
    ratings.push({
      id: `R${date.replaceAll('-', '')}${analyst.id}`,
      analyst_id: analyst.id,
      analyst: analyst.name,
      firm: analyst.firm,
      symbol,
      rating,
      price_target: Math.round(target * 100) / 100,
      price_when_posted: price,
      published_at: at.toISOString(),
      at: at.getTime(),
    });
  }
  return ratings.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

/** The share of bearish views published as a sell rating (the rest are holds, not in the feed). */
const sellsPublished = 0.3;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
