import {
  portfolioMessages,
  priceField,
  quantityField,
  type Position,
  type PositionKind,
} from '@insight/shared';
import { isTradingDay, newYorkDate, previousTradingDay } from '@insight/shared/market/calendar';

/**
 * The dialogs' rules of spec 001 §5, pure, with the shared field rules (priceField, quantityField,
 * pricePattern) the server runs too. Dates are New York calendar days, YYYY-MM-DD.
 */

/** The market's today (New York), YYYY-MM-DD. */
export const marketToday = (now: Date = new Date()): string => newYorkDate(now);

/** The latest trading day on or before `day`: what a close date defaults to. */
export function tradingDayOnOrBefore(day: string): string {
  return isTradingDay(day) ? day : previousTradingDay(day);
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` could be a trading day: a real YYYY-MM-DD, not a weekend or market holiday. */
function tradingDayProblem(day: string): string | null {
  if (!isoDate.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return portfolioMessages.dateFormat;
  try {
    return isTradingDay(day) ? null : portfolioMessages.dateTradingDay;
  } catch {
    return portfolioMessages.dateFormat;
  }
}

/** Close date: a trading day, not after today, not before the position's entry (spec 001 §5). */
export function closeDateProblem(day: string, today: string, entryDay: string): string | null {
  const problem = tradingDayProblem(day);
  if (problem !== null) return problem;
  if (day > today) return portfolioMessages.dateFuture;
  if (day < entryDay) return `Date cannot be before the entry (${entryDay})`;
  return null;
}

/** Future action date: a trading day, not before today (spec 001 §5). */
export function futureDateProblem(day: string, today: string): string | null {
  const problem = tradingDayProblem(day);
  if (problem !== null) return problem;
  return day < today ? portfolioMessages.datePast : null;
}

/** A typed price: digits with up to 2 decimals, above 0. */
export function priceProblem(text: string): string | null {
  const result = priceField.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? portfolioMessages.priceFormat);
}

/** What a price input may hold while typing: digits, one dot, at most 2 decimals (a lone dot too). */
export const typingPrice = (text: string): boolean => text === '' || /^\d*(\.\d{0,2})?$/.test(text);

/** What a whole-number input may hold while typing: digits only (commas dropped). */
export const typingWhole = (text: string): string => text.replaceAll(',', '').replace(/\D/g, '');

/** The position's open quantity, whatever sign the server gives shorts. */
export const openQuantity = (position: Pick<Position, 'quantity'>): number => Math.abs(position.quantity);

/** The entry's day (the answer may carry a time). */
export const dayOf = (moment: string): string => moment.slice(0, 10);

/** One row of the Close Position(s) dialog, as typed. */
export interface CloseLine {
  price: string;
  quantity: string;
  date: string;
  notes: string;
}

/** The default line: today's close (or the last trading day's), at the last price, for the whole quantity. */
export function defaultCloseLine(position: Position, today: string): CloseLine {
  const entryDay = dayOf(position.entry_date.date);
  const date = tradingDayOnOrBefore(today);
  return {
    price: position.last_price !== null ? position.last_price.toFixed(2) : '',
    quantity: String(openQuantity(position)),
    date: date < entryDay ? entryDay : date,
    notes: '',
  };
}

export interface CloseLineCheck {
  price: string | null;
  quantity: string | null;
  date: string | null;
  /** Quantity 0: the row is left open (bulk close skips it). */
  skipped: boolean;
}

/**
 * Spec 001 §5 "Closing": price digits with up to 2 decimals; quantity a whole number from 0 to the
 * open quantity; date no weekend, not after today, not before the entry.
 */
export function checkCloseLine(line: CloseLine, position: Position, today: string): CloseLineCheck {
  const open = openQuantity(position);
  const quantityText = line.quantity.replaceAll(',', '').trim();
  let quantity: string | null = null;
  if (quantityText === '' || !/^\d+$/.test(quantityText)) quantity = portfolioMessages.quantityWhole;
  else if (Number(quantityText) > open) quantity = portfolioMessages.closeTooMany(position.symbol, open);
  const skipped = quantity === null && Number(quantityText) === 0;
  return {
    price:
      line.price.trim() === '' || line.price.trim() === '.'
        ? 'Enter a close price'
        : priceProblem(line.price),
    quantity,
    date: closeDateProblem(line.date, today, dayOf(position.entry_date.date)),
    skipped,
  };
}

export const closeLineValid = (check: CloseLineCheck): boolean =>
  check.price === null && check.quantity === null && check.date === null;

/**
 * Save is enabled when every row is valid and at least one closes something; rows at quantity 0
 * stay open.
 */
export function closeSaveEnabled(checks: readonly CloseLineCheck[]): boolean {
  return checks.every(closeLineValid) && checks.some((check) => !check.skipped);
}

/** The position type a future action is about: Buy is a long's, Sell a short's. */
export const kindOfAction = (action: 'Buy' | 'Sell'): PositionKind => (action === 'Buy' ? 'Long' : 'Short');
export const actionOfKind = (kind: PositionKind): 'Buy' | 'Sell' => (kind === 'Long' ? 'Buy' : 'Sell');

/** Spec 001 §5: the cap of a future action, the open quantity of the same symbol and type. */
export function futureActionCap(positions: readonly Position[], symbol: string, kind: PositionKind): number {
  return positions
    .filter((position) => position.symbol === symbol && position.pos_type === kind)
    .reduce((sum, position) => sum + openQuantity(position), 0);
}

/** A future action's quantity: a whole number above 0, at most the cap. */
export function futureQuantityProblem(text: string, cap: number): string | null {
  const result = quantityField.safeParse(text);
  if (!result.success) return result.error.issues[0]?.message ?? portfolioMessages.quantityWhole;
  return result.data > cap ? portfolioMessages.futureActionTooMany(cap) : null;
}

/** Spec 001 §5 "Funds": units a whole number of at least 0; funds = units × unit price, above 0. */
export function fundsOf(
  unitsText: string,
  unitPrice: number,
): { units: number | null; funds: number | null } {
  const text = unitsText.replaceAll(',', '').trim();
  if (!/^\d+$/.test(text)) return { units: null, funds: null };
  const units = Number(text);
  return { units, funds: Math.round(units * unitPrice * 100) / 100 };
}

export function fundsProblem(unitsText: string, unitPrice: number, maxUnits?: number): string | null {
  const { units, funds } = fundsOf(unitsText, unitPrice);
  if (units === null) return portfolioMessages.unitsWhole;
  if (funds === null || funds <= 0) return portfolioMessages.fundsPositive;
  if (maxUnits !== undefined && units > maxUnits) return portfolioMessages.notEnoughUnits(maxUnits);
  return null;
}
