import { Dec } from '../portfolio/accounting';

/**
 * The backtests' arithmetic (issue 18): pure and exact. Prices and returns are decimals (`Dec`, 40
 * significant digits); nothing is rounded until a figure is shown.
 *
 * A backtest is a **calendar** (the trading days, ascending, YYYY-MM-DD) and **positions**: a symbol
 * bought at the close of its entry day and sold at the close of its exit day, each with the same money
 * (equal weight). The portfolio's return on a day is what its positions held over that day made,
 * weighted by their value at the day before's close (buy and hold within a position, no rebalancing);
 * a day with nothing held returns 0 (cash). Chained, the daily returns give every other figure.
 */

export type Price = Dec | number | string;

/** A symbol's closes by day (a day without a bar keeps the last close: no move that day). */
export type Closes = ReadonlyMap<string, Price>;

export interface Position {
  symbol: string;
  /** Bought at this day's close (a calendar day). */
  entry: string;
  /** Sold at this day's close (on or after `entry`). */
  exit: string;
}

export interface DailyReturn {
  date: string;
  value: Dec;
}

/** Trading days in a year, for annualising. */
export const tradingDaysPerYear = 252;

/** The last close of `symbol` on or before each calendar day (null before its first bar). */
function closesOnCalendar(calendar: readonly string[], closes: Closes | undefined): (Dec | null)[] {
  const out: (Dec | null)[] = [];
  let last: Dec | null = null;
  for (const day of calendar) {
    const close = closes?.get(day);
    if (close !== undefined) last = new Dec(close);
    out.push(last);
  }
  return out;
}

/** The daily returns of one symbol over the calendar (first day 0): close over previous close, less 1. */
export function dailyReturns(calendar: readonly string[], closes: Closes): DailyReturn[] {
  const on = closesOnCalendar(calendar, closes);
  return calendar.map((date, i) => {
    const now = on[i];
    const before = i > 0 ? on[i - 1] : null;
    return { date, value: now && before && !before.isZero() ? now.div(before).minus(1) : new Dec(0) };
  });
}

/** Chains returns: the product of (1 + r), less 1. */
export function chain(returns: readonly (DailyReturn | Dec)[]): Dec {
  let growth = new Dec(1);
  for (const r of returns) growth = growth.times(new Dec(1).plus(r instanceof Dec ? r : r.value));
  return growth.minus(1);
}

/**
 * An equal-weight portfolio of positions: its daily returns over the calendar. Each position starts
 * with one unit of money at its entry close; a position whose symbol has no close at entry is skipped
 * (reported in `skipped`).
 */
export function portfolioReturns(
  calendar: readonly string[],
  positions: readonly Position[],
  closesOf: (symbol: string) => Closes | undefined,
): { returns: DailyReturn[]; held: Position[]; skipped: Position[] } {
  const index = new Map(calendar.map((day, i) => [day, i]));
  const onCalendar = new Map<string, (Dec | null)[]>();
  const held: { position: Position; from: number; to: number; units: Dec; closes: (Dec | null)[] }[] = [];
  const skipped: Position[] = [];
  for (const position of positions) {
    const from = index.get(position.entry);
    const to = index.get(position.exit);
    let closes = onCalendar.get(position.symbol);
    if (!closes)
      onCalendar.set(position.symbol, (closes = closesOnCalendar(calendar, closesOf(position.symbol))));
    const entryClose = from === undefined ? null : closes[from];
    if (from === undefined || to === undefined || to < from || !entryClose || entryClose.isZero()) {
      skipped.push(position);
      continue;
    }
    held.push({ position, from, to, units: new Dec(1).div(entryClose), closes });
  }
  const returns: DailyReturn[] = calendar.map((date, t) => {
    if (t === 0) return { date, value: new Dec(0) };
    let before = new Dec(0);
    let after = new Dec(0);
    for (const h of held) {
      // Held over day t: bought at a close before it, sold at its close or later.
      if (h.from < t && t <= h.to) {
        before = before.plus(h.units.times(h.closes[t - 1]!));
        after = after.plus(h.units.times(h.closes[t]!));
      }
    }
    return { date, value: before.isZero() ? new Dec(0) : after.div(before).minus(1) };
  });
  return { returns, held: held.map((h) => h.position), skipped };
}

/** Monthly returns (YYYY-MM → chained return of the month's days), in calendar order. */
export function monthlyReturns(returns: readonly DailyReturn[]): { month: string; value: Dec }[] {
  const months: { month: string; days: DailyReturn[] }[] = [];
  for (const r of returns) {
    const month = r.date.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.month === month) last.days.push(r);
    else months.push({ month, days: [r] });
  }
  return months.map(({ month, days }) => ({ month, value: chain(days) }));
}

/** Wealth after each day, starting from 1. */
export function wealth(returns: readonly DailyReturn[]): DailyReturn[] {
  let value = new Dec(1);
  return returns.map((r) => ({ date: r.date, value: (value = value.times(new Dec(1).plus(r.value))) }));
}

/** The largest fall from a peak of wealth, as a positive fraction of the peak (0 when it never fell). */
export function maxDrawdown(returns: readonly DailyReturn[]): Dec {
  let peak = new Dec(1);
  let worst = new Dec(0);
  for (const { value } of wealth(returns)) {
    if (value.gt(peak)) peak = value;
    const fall = peak.minus(value).div(peak);
    if (fall.gt(worst)) worst = fall;
  }
  return worst;
}

function mean(values: readonly Dec[]): Dec {
  if (values.length === 0) return new Dec(0);
  return values.reduce((sum, v) => sum.plus(v), new Dec(0)).div(values.length);
}

/** Sample standard deviation of the daily returns, times √252 (0 with fewer than two days). */
export function annualisedVolatility(returns: readonly DailyReturn[]): Dec {
  const values = returns.map((r) => r.value);
  if (values.length < 2) return new Dec(0);
  const m = mean(values);
  const squares = values.reduce((sum, v) => sum.plus(v.minus(m).pow(2)), new Dec(0));
  return squares
    .div(values.length - 1)
    .sqrt()
    .times(new Dec(tradingDaysPerYear).sqrt());
}

/** Annualised mean daily return over annualised volatility, risk-free rate 0 (null when flat). */
export function sharpe(returns: readonly DailyReturn[]): Dec | null {
  const volatility = annualisedVolatility(returns);
  if (volatility.isZero()) return null;
  return mean(returns.map((r) => r.value))
    .times(tradingDaysPerYear)
    .div(volatility);
}

export interface Performance {
  totalReturn: Dec;
  volatility: Dec;
  sharpe: Dec | null;
  maxDrawdown: Dec;
  monthly: { month: string; value: Dec }[];
}

/**
 * The figures of a series of daily returns. The calendar's first day is the start (its close is
 * the entry), so it does not count as a day of return.
 */
export function performance(returns: readonly DailyReturn[]): Performance {
  const days = returns.slice(1);
  return {
    totalReturn: chain(days),
    volatility: annualisedVolatility(days),
    sharpe: sharpe(days),
    maxDrawdown: maxDrawdown(days),
    monthly: monthlyReturns(days),
  };
}

/** A decimal as a plain number for the screen and the sheets (rounded to `places`). */
export const toFigure = (value: Dec, places = 6) => value.toDecimalPlaces(places).toNumber();
