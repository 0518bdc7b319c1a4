/**
 * The NYSE trading calendar, in New York time. Pure functions, no dependencies: holidays are
 * computed from rules (plus a short table of one-off closures) rather than read from a list, so the
 * calendar answers for any year from 1990 to 2100 without upkeep. Time-zone offsets come from
 * `Intl.DateTimeFormat` with `timeZone: 'America/New_York'`, which carries the DST history (the
 * pre-2007 April/October rule included).
 *
 * Dates are ISO calendar dates (`YYYY-MM-DD`) meaning a New York calendar day; instants are `Date`s.
 * A malformed date, or one outside 1990–2100, throws a `RangeError` rather than getting a guess: the
 * rules below are only checked against NYSE practice over that span.
 *
 * What is modelled: full-day closures and the scheduled early closes (and the historical variants
 * of both since 1990). What is not: unscheduled intraday events — late opens after a moment of
 * silence or a snowstorm, circuit-breaker halts, system outages.
 */

export const CALENDAR_FIRST_YEAR = 1990;
export const CALENDAR_LAST_YEAR = 2100;

export interface Session {
  /** 09:30 New York time, as an instant. */
  open: Date;
  /** 16:00 New York time, or the early close (13:00; 14:00 for the few 1990–1992 early closes). */
  close: Date;
  earlyClose: boolean;
}

export interface MarketStatus {
  open: boolean;
  /** The next session's open: later today if before the bell, else the next trading day's. */
  nextOpen: Date;
  /** The close of the session in progress; null while the market is closed. */
  nextClose: Date | null;
}

export interface CalendarDay {
  date: string;
  name: string;
}

export interface EarlyCloseDay extends CalendarDay {
  /** New York wall-clock close, `HH:MM`. */
  close: string;
}

// ---------------------------------------------------------------------------------------------
// Day numbers: days since 1970-01-01, so date arithmetic is integer arithmetic.

const DAY_MS = 86_400_000;
const SUN = 0;
const MON = 1;
const WED = 3;
const THU = 4;
const SAT = 6;

const OPEN_MINUTES = 9 * 60 + 30;
const CLOSE_MINUTES = 16 * 60;
const EARLY_CLOSE_MINUTES = 13 * 60;

function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function weekday(dn: number): number {
  // 1970-01-01 was a Thursday; day numbers in range are positive.
  return (dn + THU) % 7;
}

function isoOf(dn: number): string {
  return new Date(dn * DAY_MS).toISOString().slice(0, 10);
}

function yearOf(dn: number): number {
  return new Date(dn * DAY_MS).getUTCFullYear();
}

const FIRST_DAY = dayNumber(CALENDAR_FIRST_YEAR, 1, 1);
const LAST_DAY = dayNumber(CALENDAR_LAST_YEAR, 12, 31);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function checkRange(dn: number, what: string): number {
  if (dn < FIRST_DAY || dn > LAST_DAY) {
    throw new RangeError(`${what} is outside the calendar (${CALENDAR_FIRST_YEAR}–${CALENDAR_LAST_YEAR})`);
  }
  return dn;
}

function checkYear(year: number): number {
  if (!Number.isInteger(year)) throw new RangeError(`not a year: ${year}`);
  checkRange(dayNumber(year, 1, 1), String(year));
  return year;
}

function parseDate(date: string): number {
  const m = ISO_DATE.exec(date);
  if (m) {
    const [, y, mo, d] = m.map(Number) as [number, number, number, number];
    const dn = dayNumber(y, mo, d);
    // Round-trip rejects 2024-02-30 and friends, which Date.UTC would silently roll over.
    if (isoOf(dn) === date) return checkRange(dn, date);
  }
  throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
}

function isWeekend(dn: number): boolean {
  const wd = weekday(dn);
  return wd === SAT || wd === SUN;
}

/** The nth (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, wd: number, n: number): number {
  const first = dayNumber(year, month, 1);
  return first + ((wd - weekday(first) + 7) % 7) + (n - 1) * 7;
}

function lastWeekday(year: number, month: number, wd: number): number {
  const last = dayNumber(year, month + 1, 0);
  return last - ((weekday(last) - wd + 7) % 7);
}

/** Easter Sunday by the anonymous Gregorian (Meeus/Jones/Butcher) algorithm. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}

// ---------------------------------------------------------------------------------------------
// Full-day closures.

/**
 * Closures no rule predicts. The exchange announces these case by case (presidential mourning days,
 * disasters), so they are the one part of the calendar that needs editing when one is declared.
 */
const ONE_OFF_CLOSURES: readonly (readonly [string, string])[] = [
  ['1994-04-27', 'Funeral of former President Richard Nixon'],
  ['2001-09-11', 'September 11 attacks'],
  ['2001-09-12', 'September 11 attacks'],
  ['2001-09-13', 'September 11 attacks'],
  ['2001-09-14', 'September 11 attacks'],
  ['2004-06-11', 'National Day of Mourning for former President Ronald Reagan'],
  ['2007-01-02', 'National Day of Mourning for former President Gerald Ford'],
  ['2012-10-29', 'Hurricane Sandy'],
  ['2012-10-30', 'Hurricane Sandy'],
  ['2018-12-05', 'National Day of Mourning for former President George H.W. Bush'],
  ['2025-01-09', 'National Day of Mourning for former President Jimmy Carter'],
];

/**
 * NYSE Rule 7.2: a holiday falling on a Saturday is observed the Friday before, one on a Sunday the
 * Monday after.
 */
function observe(holidays: Map<number, string>, dn: number, name: string): void {
  const wd = weekday(dn);
  if (wd === SAT) holidays.set(dn - 1, `${name} (observed)`);
  else if (wd === SUN) holidays.set(dn + 1, `${name} (observed)`);
  else holidays.set(dn, name);
}

function computeHolidays(year: number): Map<number, string> {
  const holidays = new Map<number, string>();

  // New Year's Day: Sunday moves to Monday, but Saturday is NOT moved back to Friday Dec 31. Rule 7.2
  // waives the Friday observance when it would fall on the end of a monthly or yearly accounting
  // period, so the last trading day of the year always trades (e.g. 2021-12-31, 2027-12-31).
  // Because of this no holiday ever spills into the neighbouring year, and each year stands alone.
  const newYear = dayNumber(year, 1, 1);
  if (weekday(newYear) === SUN) holidays.set(newYear + 1, "New Year's Day (observed)");
  else if (weekday(newYear) !== SAT) holidays.set(newYear, "New Year's Day");

  // The exchange first closed for Martin Luther King Jr. Day in 1998.
  if (year >= 1998) holidays.set(nthWeekday(year, 1, MON, 3), 'Martin Luther King Jr. Day');
  holidays.set(nthWeekday(year, 2, MON, 3), "Washington's Birthday");
  // Not a federal holiday, but the NYSE has closed on it every year since 1908.
  holidays.set(easterSunday(year) - 2, 'Good Friday');
  holidays.set(lastWeekday(year, 5, MON), 'Memorial Day');
  // Added as a federal holiday in 2021, too late for the NYSE's 2021 calendar: first closed 2022.
  if (year >= 2022) observe(holidays, dayNumber(year, 6, 19), 'Juneteenth National Independence Day');
  observe(holidays, dayNumber(year, 7, 4), 'Independence Day');
  holidays.set(nthWeekday(year, 9, MON, 1), 'Labor Day');
  holidays.set(nthWeekday(year, 11, THU, 4), 'Thanksgiving Day');
  observe(holidays, dayNumber(year, 12, 25), 'Christmas Day');

  for (const [date, name] of ONE_OFF_CLOSURES) {
    const dn = parseDate(date);
    if (yearOf(dn) === year && !holidays.has(dn)) holidays.set(dn, name);
  }
  return holidays;
}

// ---------------------------------------------------------------------------------------------
// Early closes.

interface EarlyClose {
  minutes: number;
  name: string;
}

/** Early closes no rule predicts. */
const ONE_OFF_EARLY_CLOSES: readonly (readonly [string, string])[] = [
  // Fridays after a Thursday Christmas; later ones (2008, 2014) were full days.
  ['1997-12-26', 'Day after Christmas'],
  ['2003-12-26', 'Day after Christmas'],
];

function computeEarlyCloses(year: number): Map<number, EarlyClose> {
  const early = new Map<number, EarlyClose>();
  // The 1990–1992 early closes were at 14:00; 13:00 since 1993.
  const minutes = year < 1993 ? 14 * 60 : EARLY_CLOSE_MINUTES;

  // Independence Day (from 1995). July 3 closes early when July 4 falls Tuesday–Friday, i.e. when
  // July 3 is itself a Monday–Thursday. There is no early close when July 4 is a Monday (the Friday
  // before is a full day: 2016, 2022), a Saturday (July 3 is the observed holiday and July 2 is a
  // full day: 2015, 2020, 2026) or a Sunday (2021, 2027). Before 2013, when July 4 was a Thursday the
  // early close was the Friday after (1996, 2002) and the Wednesday before was a full day.
  if (year >= 1995) {
    const july3 = dayNumber(year, 7, 3);
    const wd = weekday(july3);
    if (wd === WED && year < 2013) {
      early.set(july3 + 2, { minutes, name: 'Day after Independence Day' });
    } else if (wd >= MON && wd <= THU) {
      early.set(july3, { minutes, name: 'Day before Independence Day' });
    }
  }

  // The Friday after Thanksgiving, since 1992.
  if (year >= 1992) {
    early.set(nthWeekday(year, 11, THU, 4) + 1, { minutes, name: 'Day after Thanksgiving' });
  }

  // Christmas Eve when it is Monday–Thursday. A Friday Dec 24 is the observed Christmas holiday.
  const christmasEve = dayNumber(year, 12, 24);
  const eveWd = weekday(christmasEve);
  if (eveWd >= MON && eveWd <= THU) early.set(christmasEve, { minutes, name: 'Christmas Eve' });

  for (const [date, name] of ONE_OFF_EARLY_CLOSES) {
    const dn = parseDate(date);
    if (yearOf(dn) === year) early.set(dn, { minutes: EARLY_CLOSE_MINUTES, name });
  }
  return early;
}

// ---------------------------------------------------------------------------------------------
// Per-year cache and day-level queries.

interface YearCalendar {
  holidays: Map<number, string>;
  earlyCloses: Map<number, EarlyClose>;
}

const years = new Map<number, YearCalendar>();

function yearCalendar(year: number): YearCalendar {
  let cal = years.get(year);
  if (!cal) {
    cal = { holidays: computeHolidays(year), earlyCloses: computeEarlyCloses(year) };
    years.set(year, cal);
  }
  return cal;
}

/** Weekend days are never reported as holidays: only closures of days that would otherwise trade. */
function holidayOf(dn: number): string | null {
  if (isWeekend(dn)) return null;
  return yearCalendar(yearOf(dn)).holidays.get(dn) ?? null;
}

function tradingDay(dn: number): boolean {
  return !isWeekend(dn) && holidayOf(dn) === null;
}

function earlyCloseOf(dn: number): EarlyClose | null {
  if (!tradingDay(dn)) return null;
  return yearCalendar(yearOf(dn)).earlyCloses.get(dn) ?? null;
}

function stepTradingDay(dn: number, step: 1 | -1): number {
  let d = dn + step;
  while (!tradingDay(checkRange(d, isoOf(d)))) d += step;
  return d;
}

// ---------------------------------------------------------------------------------------------
// New York wall time <-> instants.

let nyFormat: Intl.DateTimeFormat | undefined;

function newYorkParts(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  nyFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    // h23, not hour12: false, which some ICU versions render midnight as "24" under.
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of nyFormat.formatToParts(ms)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** New York's offset from UTC at an instant, in ms (negative: -5h in winter, -4h in summer). */
function newYorkOffset(ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p = newYorkParts(whole);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** The instant of a New York wall-clock time. Market hours are never in a DST gap or overlap. */
function newYorkInstant(dn: number, minutes: number): Date {
  const wall = dn * DAY_MS + minutes * 60_000;
  // Guess with the offset at the wall time read as UTC, then correct once if that crossed a change.
  const guess = wall - newYorkOffset(wall);
  return new Date(wall - newYorkOffset(guess));
}

function instantMs(at: Date): number {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('invalid Date');
  return ms;
}

function sessionOfDay(dn: number): Session | null {
  if (!tradingDay(dn)) return null;
  const early = earlyCloseOf(dn);
  return {
    open: newYorkInstant(dn, OPEN_MINUTES),
    close: newYorkInstant(dn, early ? early.minutes : CLOSE_MINUTES),
    earlyClose: early !== null,
  };
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Public API.

/** The name of the holiday or one-off closure that shuts the exchange on a weekday, else null. */
export function isHoliday(date: string): string | null {
  return holidayOf(parseDate(date));
}

export function isTradingDay(date: string): boolean {
  return tradingDay(parseDate(date));
}

/** The regular session of a date, or null when the exchange does not trade that day. */
export function sessionOf(date: string): Session | null {
  return sessionOfDay(parseDate(date));
}

/** The New York calendar date of an instant. */
export function newYorkDate(at: Date): string {
  const p = newYorkParts(instantMs(at));
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Whether the regular session is in progress: open from the opening bell, closed at the closing one. */
export function isMarketOpen(at: Date): boolean {
  const ms = instantMs(at);
  const session = sessionOf(newYorkDate(at));
  return session !== null && ms >= session.open.getTime() && ms < session.close.getTime();
}

/** The first trading day strictly after a date (which need not itself be a trading day). */
export function nextTradingDay(date: string): string {
  return isoOf(stepTradingDay(parseDate(date), 1));
}

/** The last trading day strictly before a date (which need not itself be a trading day). */
export function previousTradingDay(date: string): string {
  return isoOf(stepTradingDay(parseDate(date), -1));
}

/** Trading days from `from` to `to`, both inclusive, in order; empty when `from` is after `to`. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const start = parseDate(from);
  const end = parseDate(to);
  const days: string[] = [];
  for (let dn = start; dn <= end; dn++) if (tradingDay(dn)) days.push(isoOf(dn));
  return days;
}

export function marketStatusAt(at: Date): MarketStatus {
  const ms = instantMs(at);
  const today = parseDate(newYorkDate(at));
  const session = sessionOfDay(today);
  if (session && ms < session.open.getTime()) {
    return { open: false, nextOpen: session.open, nextClose: null };
  }
  const next = sessionOfDay(stepTradingDay(today, 1));
  // stepTradingDay only returns trading days, which always have a session.
  if (!next) throw new Error('unreachable: trading day without a session');
  if (session && ms < session.close.getTime()) {
    return { open: true, nextOpen: next.open, nextClose: session.close };
  }
  return { open: false, nextOpen: next.open, nextClose: null };
}

/** Every weekday closure of a year, in date order. */
export function holidaysInYear(year: number): CalendarDay[] {
  return [...yearCalendar(checkYear(year)).holidays]
    .filter(([d]) => !isWeekend(d))
    .sort(([a], [b]) => a - b)
    .map(([d, name]) => ({ date: isoOf(d), name }));
}

/** Every early close of a year, in date order. */
export function earlyClosesInYear(year: number): EarlyCloseDay[] {
  return [...yearCalendar(checkYear(year)).earlyCloses]
    .filter(([d]) => tradingDay(d))
    .sort(([a], [b]) => a - b)
    .map(([d, { name, minutes }]) => ({ date: isoOf(d), name, close: hhmm(minutes) }));
}
