import { describe, expect, it } from 'vitest';
import {
  earlyClosesInYear,
  holidaysInYear,
  isHoliday,
  isMarketOpen,
  isTradingDay,
  marketStatusAt,
  newYorkDate,
  nextTradingDay,
  previousTradingDay,
  sessionOf,
  tradingDaysBetween,
} from './calendar';

// Written out by hand from the NYSE's published holiday calendars, not derived from the rules.
const fullClosures: Record<number, string[]> = {
  2024: [
    '2024-01-01',
    '2024-01-15',
    '2024-02-19',
    '2024-03-29',
    '2024-05-27',
    '2024-06-19',
    '2024-07-04',
    '2024-09-02',
    '2024-11-28',
    '2024-12-25',
  ],
  2025: [
    '2025-01-01',
    '2025-01-09', // National Day of Mourning, President Carter
    '2025-01-20',
    '2025-02-17',
    '2025-04-18',
    '2025-05-26',
    '2025-06-19',
    '2025-07-04',
    '2025-09-01',
    '2025-11-27',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-04-03',
    '2026-05-25',
    '2026-06-19',
    '2026-07-03', // July 4 is a Saturday
    '2026-09-07',
    '2026-11-26',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-03-26',
    '2027-05-31',
    '2027-06-18', // June 19 is a Saturday
    '2027-07-05', // July 4 is a Sunday
    '2027-09-06',
    '2027-11-25',
    '2027-12-24', // Christmas is a Saturday
  ],
};

const earlyCloses: Record<number, string[]> = {
  2024: ['2024-07-03', '2024-11-29', '2024-12-24'],
  2025: ['2025-07-03', '2025-11-28', '2025-12-24'],
  2026: ['2026-11-27', '2026-12-24'],
  2027: ['2027-11-26'],
};

const years = [2024, 2025, 2026, 2027] as const;
const closureRows = years.flatMap((y) => fullClosures[y]!.map((d) => [d] as const));
const earlyRows = years.flatMap((y) => earlyCloses[y]!.map((d) => [d] as const));

/** An instant given as New York wall time with its UTC offset, e.g. at('2024-07-03T13:30', -4). */
function at(local: string, offsetHours: number): Date {
  const sign = offsetHours < 0 ? '-' : '+';
  return new Date(`${local}:00${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`);
}

describe('NYSE full-day closures 2024–2027', () => {
  it.each(closureRows)('%s is a holiday', (date) => {
    expect(isHoliday(date)).toEqual(expect.any(String));
    expect(isTradingDay(date)).toBe(false);
    expect(sessionOf(date)).toBeNull();
  });

  it.each(years)('%i has exactly the published closures', (year) => {
    expect(holidaysInYear(year).map((h) => h.date)).toEqual(fullClosures[year]);
    const all = tradingDaysBetween(`${year}-01-01`, `${year}-12-31`);
    const weekdays = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(year, 0, 1 + i)))
      .filter((d) => d.getUTCFullYear() === year && d.getUTCDay() % 6 !== 0)
      .map((d) => d.toISOString().slice(0, 10));
    expect(weekdays.filter((d) => !all.includes(d))).toEqual(fullClosures[year]);
  });

  it.each([
    ['2024-01-15', 'Martin Luther King Jr. Day'],
    ['2024-03-29', 'Good Friday'],
    ['2026-07-03', 'Independence Day (observed)'],
    ['2027-12-24', 'Christmas Day (observed)'],
    ['2025-01-09', 'National Day of Mourning for former President Jimmy Carter'],
  ])('%s is named %s', (date, name) => {
    expect(isHoliday(date)).toBe(name);
  });
});

describe('NYSE early closes 2024–2027', () => {
  it.each(earlyRows)('%s closes at 13:00', (date) => {
    const session = sessionOf(date);
    expect(session?.earlyClose).toBe(true);
    expect(session && newYorkTime(session.close)).toBe('13:00');
  });

  it.each(years)('%i has exactly the published early closes', (year) => {
    expect(earlyClosesInYear(year).map((e) => e.date)).toEqual(earlyCloses[year]);
  });

  it.each([
    ['2026-07-02', 'July 4 on Saturday: July 3 is the holiday, July 2 a full day'],
    ['2027-07-02', 'July 4 on Sunday: observed Monday, the Friday before is a full day'],
    ['2022-07-01', 'July 4 on Monday: the Friday before is a full day'],
    ['2027-12-23', 'Christmas Eve is the observed holiday, no early close the day before'],
    ['2027-12-31', 'New Year 2028 is a Saturday: not observed on Friday Dec 31'],
  ])('%s is a full day (%s)', (date) => {
    expect(sessionOf(date)).toMatchObject({ earlyClose: false });
    expect(newYorkTime(sessionOf(date)!.close)).toBe('16:00');
  });
});

describe('trading days per year', () => {
  it.each([
    [2022, 251],
    [2023, 250],
    [2024, 252],
    [2025, 250],
    [2026, 251],
    [2027, 251],
  ])('%i has %i trading days', (year, count) => {
    expect(tradingDaysBetween(`${year}-01-01`, `${year}-12-31`)).toHaveLength(count);
  });
});

describe('rules across the years', () => {
  it.each<[string, string | null, string]>([
    ['2022-01-01', null, 'Saturdays are never reported as holidays'],
    ['2021-12-31', null, 'New Year 2022 (Saturday) is not observed on Friday Dec 31'],
    ['2010-12-31', null, 'New Year 2011 (Saturday) likewise'],
    ['2017-01-02', "New Year's Day (observed)", 'New Year on Sunday moves to Monday'],
    ['1997-01-20', null, 'no MLK Day before 1998'],
    ['1998-01-19', 'Martin Luther King Jr. Day', 'MLK Day from 1998'],
    ['2021-06-18', null, 'no Juneteenth before 2022'],
    ['2022-06-20', 'Juneteenth National Independence Day (observed)', 'Juneteenth 2022 was a Sunday'],
    ['2021-12-24', 'Christmas Day (observed)', 'Christmas on Saturday moves to Friday'],
    ['2022-12-26', 'Christmas Day (observed)', 'Christmas on Sunday moves to Monday'],
    ['2019-04-19', 'Good Friday', 'Easter 2019 was April 21'],
    ['2038-04-23', 'Good Friday', 'Easter 2038 is April 25, the latest possible'],
    ['2008-03-21', 'Good Friday', 'Easter 2008 was March 23'],
    ['2001-09-11', 'September 11 attacks', 'one-off'],
    ['2001-09-14', 'September 11 attacks', 'one-off'],
    ['2004-06-11', 'National Day of Mourning for former President Ronald Reagan', 'one-off'],
    ['2007-01-02', 'National Day of Mourning for former President Gerald Ford', 'one-off'],
    ['2012-10-29', 'Hurricane Sandy', 'one-off'],
    ['2012-10-30', 'Hurricane Sandy', 'one-off'],
    ['2018-12-05', 'National Day of Mourning for former President George H.W. Bush', 'one-off'],
  ])('isHoliday(%s) is %s: %s', (date, name) => {
    expect(isHoliday(date)).toBe(name);
  });

  it.each<[string, boolean, string]>([
    ['2002-07-05', true, 'before 2013, a Thursday July 4 gave the Friday after an early close'],
    ['2002-07-03', false, '…and the Wednesday before was a full day'],
    ['2013-07-03', true, 'since 2013 it is the Wednesday before'],
    ['2019-07-03', true, 'Wednesday July 3'],
    ['2019-07-05', false, '…and the Friday after is a full day'],
    ['2020-07-02', false, 'July 4 2020 on Saturday'],
    ['2018-12-24', true, 'Christmas Eve on Monday'],
    ['2003-12-26', true, 'one-off: Friday after a Thursday Christmas'],
    ['2014-12-26', false, 'later Fridays after Christmas were full days'],
  ])('sessionOf(%s).earlyClose is %s: %s', (date, early) => {
    expect(sessionOf(date)?.earlyClose).toBe(early);
  });

  it('weekends are not trading days', () => {
    expect(isTradingDay('2024-03-09')).toBe(false);
    expect(isTradingDay('2024-03-10')).toBe(false);
    expect(sessionOf('2024-03-09')).toBeNull();
    expect(isTradingDay('2024-03-11')).toBe(true);
  });

  it('rejects malformed and out-of-range dates', () => {
    expect(() => isHoliday('2024-02-30')).toThrow(RangeError);
    expect(() => isHoliday('2024-2-3')).toThrow(RangeError);
    expect(() => isTradingDay('1989-12-29')).toThrow(RangeError);
    expect(() => nextTradingDay('2100-12-31')).toThrow(RangeError);
    expect(() => newYorkDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('sessions as UTC instants', () => {
  it.each([
    ['2024-03-08', '2024-03-08T14:30:00.000Z', '2024-03-08T21:00:00.000Z', 'last Friday of EST'],
    ['2024-03-11', '2024-03-11T13:30:00.000Z', '2024-03-11T20:00:00.000Z', 'first Monday of EDT'],
    ['2024-11-01', '2024-11-01T13:30:00.000Z', '2024-11-01T20:00:00.000Z', 'last Friday of EDT'],
    ['2024-11-04', '2024-11-04T14:30:00.000Z', '2024-11-04T21:00:00.000Z', 'first Monday of EST'],
    ['2024-01-10', '2024-01-10T14:30:00.000Z', '2024-01-10T21:00:00.000Z', 'winter'],
    ['2024-07-03', '2024-07-03T13:30:00.000Z', '2024-07-03T17:00:00.000Z', 'summer early close'],
    ['2024-11-29', '2024-11-29T14:30:00.000Z', '2024-11-29T18:00:00.000Z', 'winter early close'],
    ['2006-04-03', '2006-04-03T13:30:00.000Z', '2006-04-03T20:00:00.000Z', 'pre-2007 DST began in April'],
    ['2006-03-13', '2006-03-13T14:30:00.000Z', '2006-03-13T21:00:00.000Z', '…so mid-March was still EST'],
  ])('%s opens %s and closes %s (%s)', (date, open, close) => {
    const session = sessionOf(date);
    expect(session?.open.toISOString()).toBe(open);
    expect(session?.close.toISOString()).toBe(close);
  });
});

describe('isMarketOpen', () => {
  it.each([
    [at('2024-03-11T09:29', -4), false, 'a minute before the open'],
    [at('2024-03-11T09:30', -4), true, 'at the open'],
    [at('2024-03-11T15:59', -4), true, 'a minute before the close'],
    [at('2024-03-11T16:00', -4), false, 'at the close'],
    [at('2024-01-10T09:29', -5), false, 'winter, before the open'],
    [at('2024-01-10T09:31', -5), true, 'winter, after the open'],
    [at('2024-01-10T16:01', -5), false, 'winter, after the close'],
    [at('2024-07-03T12:59', -4), true, 'early-close day before 13:00'],
    [at('2024-07-03T13:30', -4), false, 'early-close day at 13:30'],
    [at('2024-11-29T13:30', -5), false, 'day after Thanksgiving at 13:30'],
    [at('2024-03-09T12:00', -5), false, 'Saturday'],
    [at('2024-03-10T12:00', -4), false, 'Sunday'],
    [at('2024-07-04T12:00', -4), false, 'Independence Day'],
  ])('%s → %s (%s)', (instant, open) => {
    expect(isMarketOpen(instant)).toBe(open);
  });
});

describe('stepping through trading days', () => {
  it.each([
    ['2024-03-08', '2024-03-11'],
    ['2024-03-09', '2024-03-11'],
    ['2024-07-03', '2024-07-05'],
    ['2024-12-31', '2025-01-02'],
    ['2025-01-08', '2025-01-10'],
    ['2027-12-23', '2027-12-27'],
  ])('nextTradingDay(%s) is %s', (date, next) => {
    expect(nextTradingDay(date)).toBe(next);
  });

  it.each([
    ['2024-03-11', '2024-03-08'],
    ['2024-03-10', '2024-03-08'],
    ['2025-01-02', '2024-12-31'],
    ['2026-07-06', '2026-07-02'],
    ['2028-01-03', '2027-12-31'],
  ])('previousTradingDay(%s) is %s', (date, previous) => {
    expect(previousTradingDay(date)).toBe(previous);
  });

  it('tradingDaysBetween is inclusive at both ends and skips closures', () => {
    expect(tradingDaysBetween('2024-12-23', '2025-01-03')).toEqual([
      '2024-12-23',
      '2024-12-24',
      '2024-12-26',
      '2024-12-27',
      '2024-12-30',
      '2024-12-31',
      '2025-01-02',
      '2025-01-03',
    ]);
    expect(tradingDaysBetween('2024-03-11', '2024-03-11')).toEqual(['2024-03-11']);
    expect(tradingDaysBetween('2024-03-09', '2024-03-10')).toEqual([]);
    expect(tradingDaysBetween('2024-03-12', '2024-03-11')).toEqual([]);
  });
});

describe('newYorkDate', () => {
  it.each([
    ['2024-03-10T04:59:00Z', '2024-03-09', '23:59 EST'],
    ['2024-03-10T05:00:00Z', '2024-03-10', 'midnight EST'],
    ['2024-07-04T03:59:59Z', '2024-07-03', '23:59:59 EDT'],
    ['2024-07-04T04:00:00Z', '2024-07-04', 'midnight EDT'],
  ])('%s is %s in New York (%s)', (iso, date) => {
    expect(newYorkDate(new Date(iso))).toBe(date);
  });
});

describe('marketStatusAt', () => {
  it('during a session: open, closing today, next opening on the next trading day', () => {
    expect(marketStatusAt(at('2024-07-03T11:00', -4))).toEqual({
      open: true,
      nextOpen: new Date('2024-07-05T13:30:00Z'),
      nextClose: new Date('2024-07-03T17:00:00Z'),
    });
  });

  it('before the bell: opens later today', () => {
    expect(marketStatusAt(at('2024-03-11T08:00', -4))).toEqual({
      open: false,
      nextOpen: new Date('2024-03-11T13:30:00Z'),
      nextClose: null,
    });
  });

  it('after Friday’s close: opens Monday, across the DST change', () => {
    expect(marketStatusAt(at('2024-03-08T16:00', -5))).toEqual({
      open: false,
      nextOpen: new Date('2024-03-11T13:30:00Z'),
      nextClose: null,
    });
  });

  it('on a holiday: opens the next trading day', () => {
    expect(marketStatusAt(at('2024-12-25T10:00', -5))).toEqual({
      open: false,
      nextOpen: new Date('2024-12-26T14:30:00Z'),
      nextClose: null,
    });
  });
});

function newYorkTime(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}
