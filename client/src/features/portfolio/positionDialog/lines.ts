import {
  portfolioLimits,
  pricePattern,
  type Position,
  type PositionItem,
  type positionTypes,
} from '@insight/shared';
import { isTradingDay, nextTradingDay, previousTradingDay } from '@insight/shared/market/calendar';

/**
 * The lines of the position dialog (spec 002 §3 "Position line", §5 "Position dialog"): what the
 * user typed, kept as text so a half-typed price stays as typed, and the rules that decide whether
 * the dialog may save. Pure: the dialog renders these, the tests read them.
 */

export type PositionType = (typeof positionTypes)[number];

/**
 * Whether the symbol has a last price: green (known), red (unknown, or the lookup failed), or still
 * being looked up. Null before anything was typed.
 */
export type SymbolMark = 'checking' | 'valid' | 'invalid' | null;

export interface PositionLine {
  /** The dialog's own key for the line. */
  key: number;
  /** Set when the line edits an existing open position. */
  posId?: number;
  type: PositionType;
  symbol: string;
  mark: SymbolMark;
  /** YYYY-MM-DD, a trading day. */
  date: string;
  price: string;
  quantity: string;
  /** Quantity x price with 2 decimals, or what the user is typing there. */
  value: string;
  notes: string;
}

let nextKey = 1;

export function newLine(fields: Partial<Omit<PositionLine, 'key'>> & { date: string }): PositionLine {
  const line: PositionLine = {
    key: nextKey++,
    type: 'Buy',
    symbol: '',
    mark: null,
    price: '',
    quantity: '',
    value: '',
    notes: '',
    ...fields,
  };
  return { ...line, value: fields.value ?? valueOf(line.quantity, line.price) };
}

/** An open position as a line of the Edit Position dialog (quantity as its absolute value). */
export function lineOfPosition(position: Position): PositionLine {
  return newLine({
    posId: position.id,
    type: position.pos_type === 'Short' ? 'Sell' : 'Buy',
    symbol: position.symbol,
    mark: 'valid',
    date: position.entry_date.date.slice(0, 10),
    price: priceText(position.entry),
    quantity: String(Math.abs(position.quantity)),
    notes: position.notes,
  });
}

// ---- what each field accepts as it is typed ----

/** Symbol: letters only, upper-cased. */
export const symbolInput = (text: string) =>
  text
    .replace(/[^a-z]/gi, '')
    .toUpperCase()
    .slice(0, 10);

/** Quantity: digits only (commas stripped), at most 8 of them. */
export const quantityInput = (text: string) =>
  text.replace(/[,\s]/g, '').replace(/\D/g, '').slice(0, portfolioLimits.quantityMaxLength);

/** Price: digits with at most two decimals; what would break that is not taken. */
export function priceInput(text: string, previous: string): string {
  const cleaned = text.replace(/[,\s$]/g, '');
  return /^\d*(\.\d{0,2})?$/.test(cleaned) ? cleaned : previous;
}

/** Value: a non-negative amount with at most two decimals. */
export const valueInput = priceInput;

/** A last price as the price field shows it: at most two decimals. */
export const priceText = (price: number) => String(Math.round(price * 100) / 100);

// ---- figures, in whole cents so nothing drifts ----

const centsOf = (amount: string): number | null => {
  if (!/^\d*(\.\d{0,2})?$/.test(amount) || amount === '' || amount === '.') return null;
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
};

const amountOfCents = (cents: number) => {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
};

/** Quantity x price with 2 decimals; empty when either is missing. */
export function valueOf(quantity: string, price: string): string {
  const cents = centsOf(price);
  if (quantity === '' || cents === null) return '';
  return amountOfCents(Number(quantity) * cents);
}

/** The quantity a value buys at the price (rounded to a whole share); null without a price above 0. */
export function quantityForValue(value: string, price: string): number | null {
  const priceCents = centsOf(price);
  const valueCents = centsOf(value);
  if (priceCents === null || priceCents === 0 || valueCents === null) return null;
  return Math.round(valueCents / priceCents);
}

/** The Value field is disabled while the price is empty or 0 (spec 002 §5). */
export const valueDisabled = (line: PositionLine) => {
  const cents = centsOf(line.price);
  return cents === null || cents === 0;
};

// ---- changing a line ----

export type LineField = 'type' | 'symbol' | 'date' | 'price' | 'quantity' | 'value' | 'notes';

/** The line after the user typed `text` into `field`: inputs filtered, value and quantity kept in step. */
export function editLine(line: PositionLine, field: LineField, text: string): PositionLine {
  switch (field) {
    case 'type':
      return { ...line, type: text === 'Sell' ? 'Sell' : 'Buy' };
    case 'symbol': {
      const symbol = symbolInput(text);
      return symbol === line.symbol ? line : { ...line, symbol, mark: symbol === '' ? null : 'checking' };
    }
    case 'date':
      return { ...line, date: text };
    case 'notes':
      return { ...line, notes: text.slice(0, portfolioLimits.notesMax) };
    case 'price': {
      const price = priceInput(text, line.price);
      return { ...line, price, value: valueOf(line.quantity, price) };
    }
    case 'quantity': {
      const quantity = quantityInput(text);
      return { ...line, quantity, value: valueOf(quantity, line.price) };
    }
    case 'value': {
      if (valueDisabled(line)) return line;
      const value = valueInput(text, line.value);
      const quantity = quantityForValue(value, line.price);
      return {
        ...line,
        value,
        quantity: quantity === null ? '' : String(Math.min(quantity, portfolioLimits.quantityMax)),
      };
    }
  }
}

/** A last price arrived for the line's symbol: green, and the price filled when it was empty. */
export function withLastPrice(line: PositionLine, symbol: string, price: number | null): PositionLine {
  if (line.symbol !== symbol) return line; // the user typed on meanwhile
  if (price === null) return { ...line, mark: 'invalid' };
  const filled = line.price === '' ? priceText(price) : line.price;
  return { ...line, mark: 'valid', price: filled, value: valueOf(line.quantity, filled) };
}

// ---- the rules of saving ----

export interface DateBounds {
  /** The last deposit date (YYYY-MM-DD): no entry before it. Null when unknown. */
  min: string | null;
  /** Today, New York. */
  max: string;
}

/**
 * A new line's entry date: today when the market trades today, else the last trading day; never
 * before the last deposit.
 */
export function defaultEntryDate(bounds: DateBounds): string {
  const today = bounds.max;
  const day = isTradingDay(today) ? today : previousTradingDay(today);
  if (bounds.min === null || day >= bounds.min) return day;
  return isTradingDay(bounds.min) ? bounds.min : nextTradingDay(bounds.min);
}

/** Why the line's date cannot be used, or null. */
export function dateProblem(date: string, bounds: DateBounds): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Choose a date';
  if (date > bounds.max) return 'Date cannot be after today';
  if (bounds.min !== null && date < bounds.min) return `Date cannot be before the last deposit`;
  if (!isTradingDay(date)) return 'Choose a trading day';
  return null;
}

/**
 * Spec 002 §4: a line can be saved when it has a symbol that is not red (and was found), a price
 * above 0, a quantity above 0 and a usable date.
 */
export function lineReady(line: PositionLine, bounds: DateBounds): boolean {
  const priceCents = centsOf(line.price);
  return (
    line.symbol !== '' &&
    line.mark === 'valid' &&
    pricePattern.test(line.price) &&
    priceCents !== null &&
    priceCents > 0 &&
    line.quantity !== '' &&
    Number(line.quantity) > 0 &&
    dateProblem(line.date, bounds) === null
  );
}

/** Save is enabled only when there is a line and every line is ready. */
export const canSave = (lines: readonly PositionLine[], bounds: DateBounds) =>
  lines.length > 0 && lines.every((line) => lineReady(line, bounds));

/** The line as the contract's item of add_user_securities. */
export function itemOf(line: PositionLine): PositionItem {
  return {
    ...(line.posId === undefined ? {} : { id: line.posId }),
    type: line.type,
    symbol: line.symbol,
    date: line.date,
    price: line.price,
    quantity: Number(line.quantity),
    notes: line.notes.trim(),
  };
}
