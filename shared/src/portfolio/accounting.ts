import Decimal from 'decimal.js';
import { sectors, type Sector } from '../common/sectors';
import { portfolioDefaults, portfolioLimits, portfolioMessages, type PositionKind } from './schemas';

/**
 * The portfolio accounting ("my file", spec 001), written once: every figure the gateway answers is
 * computed here from the stored facts (fund entries and lots), with exact decimals. Pure functions,
 * no I/O.
 *
 * ## Rules
 *
 * - **Figures.** Every figure is a `Dec`: decimal.js with 40 significant digits, ROUND_HALF_UP.
 *   Inputs from another Decimal constructor are copied into `Dec` first, so nothing is computed at
 *   a lower precision. Answers round only at the edge: `money` to cents, `unitPrice` to 8
 *   decimals, `percent` to 2 (spec 001 §9 shows the unit price with 5).
 * - **Funds.** A new file is its first fund entry: 100,000 units at unit price 1
 *   (`portfolioDefaults`), i.e. `dealUnits` on the empty file, whose unit price is 1. Every later
 *   deposit (units > 0) or withdrawal (units < 0) is dealt at the file's unit price at that moment,
 *   stored at 8 decimals; its amount is units × that dealt price, rounded to cents. Units are whole.
 * - **Cash** = Σ fund amounts − Σ lot costs at entry + Σ close proceeds. A lot's cost is
 *   quantity × entry, long or short (`lotCost`).
 * - **Longs** are worth quantity × price; closing one returns quantity × close to cash.
 * - **Shorts** set aside their entry value as collateral. A short is worth collateral + P&L =
 *   quantity × (2·entry − price), its P&L is quantity × (entry − price), and closing it returns
 *   quantity × (2·entry − close) to cash. A short gains when the price falls.
 * - **Assets under management** (AUM) = cash + long value + short value. Closing any lot at the
 *   price it is valued at leaves AUM unchanged; opening a lot and closing it at its entry price
 *   leaves the file as if it never existed. "Total Short" shows the short value.
 * - **Unit price** = AUM / units at full precision (1 while the file has no units). Deposits and
 *   withdrawals change the units, not the unit price, up to the rounding of the deal. Bound: a
 *   deal of u units at p = P rounded to 8 decimals, for amount m = u·p rounded to cents, leaves the
 *   unit price at (A + m)/(U + u), off P by (m − u·P)/(U + u), so
 *
 *       |unit price after − unit price before| ≤ (0.005 + 0.000000005 · |u|) / (units after):
 *
 *   half a cent (the amount's rounding) plus half an 8-decimal step per unit dealt (the price's
 *   rounding), spread over the units outstanding after the deal. For a deposit that is below
 *   0.005 / units after + 0.000000005; on a file of 100,000 units, below 0.0000001 — far below the
 *   0.00001 of the 5 decimals shown.
 * - **Dates.** Facts are dated `YYYY-MM-DD`; the file on a day holds the funds and lots dated on or
 *   before it, and a lot closed on or before it is realised (closed later: still open that day).
 *   Open lots are valued at the price given for the day; a lot without a price is valued at its
 *   entry price (no P&L).
 * - **Returns.** The unit price return is the file's time-weighted return. The same return,
 *   chained day by day from AUM and the fund flows alone (`chainedDailyReturn`), agrees with it up
 *   to the rounding of the deals above (exactly, with unrounded deals).
 * - **Sharpe** of the daily unit-price returns: (mean − risk-free / 252) × 252 over
 *   (sample deviation × √252), rounded to 2 decimals.
 * - **Percents** are in percent (12.5 is 12.5%).
 */

/** decimal.js clone with precision 40, ROUND_HALF_UP; every figure here is one of these. */
export const Dec: typeof Decimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;
export type { PositionKind };

/** A deposit (units > 0) or withdrawal (units < 0), as stored: whole units at the unit price it was dealt at. */
export interface FundFact {
  /** YYYY-MM-DD */
  date: string;
  units: number;
  unitPrice: Dec;
  /** Signed, cents. */
  amount: Dec;
}

/** A lot: an open position, or a closed one (a partial close splits the lot; the closed part is its own lot). */
export interface LotFact {
  id: number;
  symbol: string;
  kind: PositionKind;
  entryDate: string;
  entryPrice: Dec;
  quantity: number;
  closeDate: string | null;
  closePrice: Dec | null;
}

/** Price of a symbol at the valuation point (a day's close, or the live quote); null when unknown. */
export type PriceOf = (symbol: string) => Dec | null;

export interface Valuation {
  cash: Dec;
  longValue: Dec;
  longCost: Dec;
  longPl: Dec;
  shortValue: Dec;
  shortCost: Dec;
  shortPl: Dec;
  aum: Dec;
  units: number;
  unitPrice: Dec;
  /** Σ fund amounts. */
  invested: Dec;
}

export interface DayValue {
  date: string;
  cash: Dec;
  longValue: Dec;
  shortValue: Dec;
  aum: Dec;
  units: number;
  unitPrice: Dec;
  /** Σ amounts of the fund entries dated after the previous day of the series, up to this day (the first day: on it). */
  flow: Dec;
}

const zero = new Dec(0);
const hundred = new Dec(100);

/**
 * Copies any decimal (or number or string) into `Dec`, so the arithmetic runs at 40 digits. A `Dec`
 * is already one (decimals are immutable; a copy would be digit for digit the same): it is taken as
 * is, which spares a file of 500 lots thousands of copies per read.
 */
function dec(value: Decimal.Value): Dec {
  return value instanceof Decimal && value.constructor === Dec ? value : new Dec(value);
}

function ratio(numerator: Dec, denominator: Dec): Dec {
  return dec(numerator).dividedBy(denominator);
}

// ---- lots ----

/** Cash a new lot needs (long: quantity × price; short: the same as collateral). */
export function lotCost(quantity: number, price: Dec): Dec {
  return dec(price).times(quantity);
}

/** What a lot is worth at `price`: long quantity × price; short quantity × (2·entry − price), i.e. collateral + P&L. */
export function lotValue(lot: Pick<LotFact, 'kind' | 'entryPrice' | 'quantity'>, price: Dec): Dec {
  switch (lot.kind) {
    case 'Long':
      return dec(price).times(lot.quantity);
    case 'Short':
      return dec(lot.entryPrice).times(2).minus(price).times(lot.quantity);
  }
}

/** A lot's P&L at `price`: long quantity × (price − entry); short quantity × (entry − price). */
export function lotPl(lot: Pick<LotFact, 'kind' | 'entryPrice' | 'quantity'>, price: Dec): Dec {
  return lotValue(lot, price).minus(lotCost(lot.quantity, lot.entryPrice));
}

/** One lot's figures at `last` (null last: valued at entry): value, P&L money and percent, share of the file percent. */
export function lotFigures(
  lot: LotFact,
  last: Dec | null,
  aum: Dec,
): { value: Dec; pl: Dec; plPercent: Dec; percentOfFile: Dec | null } {
  const price = last ?? lot.entryPrice;
  const value = lotValue(lot, price);
  const cost = lotCost(lot.quantity, lot.entryPrice);
  const pl = value.minus(cost);
  return {
    value,
    pl,
    plPercent: cost.isZero() ? zero : pl.dividedBy(cost).times(hundred),
    percentOfFile: dec(aum).lessThanOrEqualTo(0) ? null : value.dividedBy(aum).times(hundred),
  };
}

// ---- the file on a day ----

/** The file on `asOf` (YYYY-MM-DD): funds and lots dated on or before it; lots closed on or before it are realised. */
export function valueFile(
  funds: readonly FundFact[],
  lots: readonly LotFact[],
  asOf: string,
  priceOf: PriceOf,
): Valuation {
  let invested = zero;
  let units = 0;
  for (const fund of funds) {
    if (fund.date > asOf) continue;
    invested = invested.plus(fund.amount);
    units += fund.units;
  }
  let cash = invested;
  let longValue = zero;
  let longCost = zero;
  let shortValue = zero;
  let shortCost = zero;
  for (const lot of lots) {
    if (lot.entryDate > asOf) continue;
    const cost = lotCost(lot.quantity, lot.entryPrice);
    cash = cash.minus(cost);
    if (lot.closeDate !== null && lot.closePrice !== null && lot.closeDate <= asOf) {
      cash = cash.plus(lotValue(lot, lot.closePrice));
      continue;
    }
    const value = lotValue(lot, priceOf(lot.symbol) ?? lot.entryPrice);
    switch (lot.kind) {
      case 'Long':
        longValue = longValue.plus(value);
        longCost = longCost.plus(cost);
        break;
      case 'Short':
        shortValue = shortValue.plus(value);
        shortCost = shortCost.plus(cost);
        break;
    }
  }
  const aum = cash.plus(longValue).plus(shortValue);
  return {
    cash,
    longValue,
    longCost,
    longPl: longValue.minus(longCost),
    shortValue,
    shortCost,
    shortPl: shortValue.minus(shortCost),
    aum,
    units,
    unitPrice: units === 0 ? new Dec(portfolioDefaults.unitPrice) : aum.dividedBy(units),
    invested,
  };
}

/**
 * Units issued (units > 0) or redeemed (< 0) at the file's current unit price: the fund entry to store. Throws RangeError
 * for 0 units or a withdrawal of more units than outstanding, or more cash than the file has.
 */
export function dealUnits(now: Valuation, units: number, date: string): FundFact {
  if (!Number.isSafeInteger(units) || Math.abs(units) > portfolioLimits.unitsMax) {
    throw new RangeError(portfolioMessages.unitsWhole);
  }
  if (units === 0) throw new RangeError(portfolioMessages.fundsPositive);
  if (units < 0 && -units > now.units) throw new RangeError(portfolioMessages.notEnoughUnits(now.units));
  const unitPrice = dec(now.unitPrice).toDecimalPlaces(portfolioDefaults.unitPriceDecimals);
  if (unitPrice.lessThanOrEqualTo(0))
    throw new RangeError(`The unit price is ${unitPrice.toFixed(8)}: no units can be dealt`);
  const amount = unitPrice.times(units).toDecimalPlaces(2);
  if (amount.isNegative() && amount.negated().greaterThan(now.cash)) {
    throw new RangeError(
      portfolioMessages.notEnoughCash(amount.negated().toFixed(2), dec(now.cash).toFixed(2)),
    );
  }
  return { date, units, unitPrice, amount };
}

// ---- day by day ----

/**
 * One DayValue per given trading day (ascending), valued at that day's close; a symbol without a close that day is valued
 * at its last earlier close, else at its entry price.
 */
export function dailySeries(
  funds: readonly FundFact[],
  lots: readonly LotFact[],
  days: readonly string[],
  closeOf: (symbol: string, day: string) => Dec | null,
): DayValue[] {
  const symbols = [...new Set(lots.map((lot) => lot.symbol))];
  const lastClose = new Map<string, Dec>();
  const series: DayValue[] = [];
  let previous: string | null = null;
  for (const day of days) {
    for (const symbol of symbols) {
      const close = closeOf(symbol, day);
      if (close !== null) lastClose.set(symbol, dec(close));
    }
    const now = valueFile(funds, lots, day, (symbol) => lastClose.get(symbol) ?? null);
    let flow = zero;
    for (const fund of funds) {
      if (fund.date <= day && (previous === null ? fund.date === day : fund.date > previous)) {
        flow = flow.plus(fund.amount);
      }
    }
    series.push({
      date: day,
      cash: now.cash,
      longValue: now.longValue,
      shortValue: now.shortValue,
      aum: now.aum,
      units: now.units,
      unitPrice: now.unitPrice,
      flow,
    });
    previous = day;
  }
  return series;
}

/** Unit price return from the first day to the last: last.unitPrice / first.unitPrice − 1 (0 for fewer than 2 days). */
export function unitPriceReturn(series: readonly DayValue[]): Dec {
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last || series.length < 2 || dec(first.unitPrice).isZero()) return zero;
  return ratio(last.unitPrice, first.unitPrice).minus(1);
}

/**
 * The same period's time-weighted return chained day by day from AUM and flows only (not from unit prices):
 * each day's return splits at its flows, the file's value at a flow being units-before × the flow's dealt unit price.
 *
 * Day d's growth is Π over its segments of (value at the segment's end) / (value at its start): from the previous close
 * (AUM) to the first flow (units before × dealt price), from there plus the flow's amount to the next flow, …, to the
 * day's close (AUM). Flows are the fund entries dated after the previous day, in the order given; those dated on or
 * before the first day are before the period. Units before a flow count the fund entries, not the series. A segment
 * starting from nothing (an empty file) adds no growth. The result differs from `unitPriceReturn` only by the deals'
 * rounding (each ≤ half a cent over the units after it; see the module's bound) and equals it for unrounded deals.
 */
export function chainedDailyReturn(series: readonly DayValue[], funds: readonly FundFact[]): Dec {
  const first = series[0];
  if (!first || series.length < 2) return zero;
  const ordered = funds
    .map((fund, index) => ({ fund, index }))
    .sort((a, b) => (a.fund.date < b.fund.date ? -1 : a.fund.date > b.fund.date ? 1 : a.index - b.index))
    .map(({ fund }) => fund);
  let next = 0;
  let units = 0;
  while (next < ordered.length && ordered[next]!.date <= first.date) units += ordered[next++]!.units;
  let growth = new Dec(1);
  let start = dec(first.aum);
  const grow = (end: Dec) => {
    if (!start.isZero()) growth = growth.times(ratio(end, start));
  };
  for (const day of series.slice(1)) {
    while (next < ordered.length && ordered[next]!.date <= day.date) {
      const fund = ordered[next++]!;
      const before = dec(fund.unitPrice).times(units);
      grow(before);
      start = before.plus(fund.amount);
      units += fund.units;
    }
    grow(dec(day.aum));
    start = dec(day.aum);
  }
  return growth.minus(1);
}

/**
 * Sharpe ratio of daily unit-price returns: (mean daily return − daily risk-free) × 252 over (sample stdev × √252);
 * risk-free 0 by default (annual, as a fraction: 0.04 is 4%; daily is annual / 252); null with fewer than 2 returns or
 * zero deviation. Rounded to 2 decimals.
 */
export function sharpeRatio(unitPrices: readonly Dec[], riskFreeAnnual = 0): number | null {
  const days = portfolioLimits.tradingDaysPerYear;
  const returns: Dec[] = [];
  for (let i = 1; i < unitPrices.length; i += 1) {
    const previous = dec(unitPrices[i - 1]!);
    if (previous.isZero()) continue;
    returns.push(ratio(unitPrices[i]!, previous).minus(1));
  }
  if (returns.length < 2) return null;
  const mean = returns.reduce((sum, r) => sum.plus(r), zero).dividedBy(returns.length);
  const variance = returns
    .reduce((sum, r) => sum.plus(r.minus(mean).pow(2)), zero)
    .dividedBy(returns.length - 1);
  if (variance.isZero()) return null;
  const annualExcess = mean.minus(dec(riskFreeAnnual).dividedBy(days)).times(days);
  const annualDeviation = variance.sqrt().times(dec(days).sqrt());
  return toNumber(annualExcess.dividedBy(annualDeviation), 2);
}

// ---- figures of the page ----

/** Percent change from `from` to `to` (over |from|, so a rise is positive); null if from is 0. */
export function percentChange(from: Dec, to: Dec): Dec | null {
  const base = dec(from);
  if (base.isZero()) return null;
  return dec(to).minus(base).dividedBy(base.abs()).times(hundred);
}

/**
 * Daily P&L: today's AUM − yesterday's close AUM − today's flows; percent = unit price change since yesterday's close.
 * Without a previous close the file began today, from nothing at unit price 1.
 */
export function dailyPnl(
  previousClose: DayValue | null,
  now: Valuation,
  flowsToday: Dec,
): { money: Dec; percent: Dec | null } {
  const previousAum = previousClose ? dec(previousClose.aum) : zero;
  const previousUnitPrice = previousClose ? previousClose.unitPrice : new Dec(portfolioDefaults.unitPrice);
  return {
    money: dec(now.aum).minus(previousAum).minus(flowsToday),
    percent: percentChange(previousUnitPrice, now.unitPrice),
  };
}

/** Spec 001 §9: the sectors' display names in display order. */
export const allocationSectorOrder = [
  'IT',
  'Healthcare',
  'Staples',
  'Real Estate',
  'Energy',
  'Discretionary',
  'Communication',
  'Financials',
  'Utilities',
  'Industrials',
  'Materials',
] as const;
export type AllocationSector = (typeof allocationSectorOrder)[number];
/** Lots of no known sector, after the sectors. */
export const otherSectorLabel = 'Other';
export const cashSectorLabel = 'Cash';

const gicsDisplay: Record<Sector['name'], AllocationSector> = {
  'Information Technology': 'IT',
  'Health Care': 'Healthcare',
  'Consumer Staples': 'Staples',
  'Real Estate': 'Real Estate',
  Energy: 'Energy',
  'Consumer Discretionary': 'Discretionary',
  'Communication Services': 'Communication',
  Financials: 'Financials',
  Utilities: 'Utilities',
  Industrials: 'Industrials',
  Materials: 'Materials',
};
const sectorAliases = new Map<string, AllocationSector>([
  ...sectors.map((sector) => [sector.name.toLowerCase(), gicsDisplay[sector.name]] as const),
  ...allocationSectorOrder.map((label) => [label.toLowerCase(), label] as const),
  ['technology', 'IT'],
  ['information technology', 'IT'],
  ['health care', 'Healthcare'],
  ['telecommunication services', 'Communication'],
  ['basic materials', 'Materials'],
]);

/** The display name (spec 001 §9) of a GICS sector name, or null for an unknown or missing sector. */
export function allocationSectorOf(name: string | null): AllocationSector | null {
  return name === null ? null : (sectorAliases.get(name.trim().toLowerCase()) ?? null);
}

/**
 * Sector allocation of the open lots at `priceOf` plus a 'Cash' slice, each with value and percent of AUM, in the
 * spec's sector display order (spec 001 §9), empty sectors left out. Lots of an unknown sector make an 'Other' slice
 * after the sectors; 'Cash' comes last, always. Closed lots are left out; a lot without a price is valued at entry.
 * Percents are of cash + the slices' values (0 when that is not above 0).
 */
export function sectorAllocation(
  lots: readonly (LotFact & { sector: string | null })[],
  cash: Dec,
  priceOf: PriceOf,
): { sector: string; value: Dec; percent: Dec }[] {
  const values = new Map<string, Dec>();
  for (const lot of lots) {
    if (lot.closeDate !== null) continue;
    const label = allocationSectorOf(lot.sector) ?? otherSectorLabel;
    const value = lotValue(lot, priceOf(lot.symbol) ?? lot.entryPrice);
    values.set(label, (values.get(label) ?? zero).plus(value));
  }
  const slices = [...allocationSectorOrder, otherSectorLabel]
    .filter((label) => values.has(label))
    .map((label) => ({ sector: label as string, value: values.get(label)! }));
  slices.push({ sector: cashSectorLabel, value: dec(cash) });
  const aum = slices.reduce((sum, slice) => sum.plus(slice.value), zero);
  return slices.map((slice) => ({
    ...slice,
    percent: aum.greaterThan(0) ? slice.value.dividedBy(aum).times(hundred) : zero,
  }));
}

// ---- rounding for answers ----

function toNumber(value: Dec, decimals: number): number {
  const number = dec(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toNumber();
  return number === 0 ? 0 : number; // no -0 in answers
}

/** Money to cents. */
export function money(value: Dec): number {
  return toNumber(value, 2);
}

/** The unit price to 8 decimals. */
export function unitPrice(value: Dec): number {
  return toNumber(value, portfolioDefaults.unitPriceDecimals);
}

/** A percent to 2 decimals; null stays null. */
export function percent(value: Dec | null): number | null {
  return value === null ? null : toNumber(value, 2);
}
