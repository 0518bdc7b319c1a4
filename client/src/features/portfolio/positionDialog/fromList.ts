import { portfolioLimits, portfolioMessages } from '@insight/shared';
import { newLine, priceText, type PositionLine, type PositionType } from './lines';

/**
 * The dialog's From List mode (spec 002 §4 "From-list flow", §5): a list of symbols and a total
 * value become one line per symbol that has a price, the total split equally among them.
 */

/** Symbols split on any non-word characters, upper-cased, de-duplicated, in the order given. */
export function parseSymbols(text: string): string[] {
  const symbols = text
    .split(/\W+/)
    .map((symbol) => symbol.trim().toUpperCase())
    .filter((symbol) => symbol !== '');
  return [...new Set(symbols)].slice(0, portfolioLimits.itemsMax);
}

/** The total typed: a positive amount, or null when it is missing, zero or not a number. */
export function parseTotal(text: string): number | null {
  const cleaned = text.replace(/[,\s$]/g, '');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(cleaned)) return null;
  const total = Number(cleaned);
  return Number.isFinite(total) && total > 0 ? total : null;
}

/** Spec 002 §8: what stops Next, or null when the list and the total are usable. */
export function fromListProblem(symbols: readonly string[], total: number | null): string | null {
  if (symbols.length === 0) return portfolioMessages.invalidSymbols;
  if (total === null) return portfolioMessages.invalidTotal;
  return null;
}

export interface PricedSymbol {
  symbol: string;
  /** The last price, or null when the market has none (the line is dropped). */
  price: number | null;
}

/**
 * One line per symbol with a price above 0 (the others dropped), each worth an equal share of the
 * total: quantity = round(share / price), the value then what that quantity costs.
 */
export function splitTotal(
  priced: readonly PricedSymbol[],
  total: number,
  fields: { date: string; type?: PositionType },
): PositionLine[] {
  const kept = priced.filter(
    (entry): entry is { symbol: string; price: number } =>
      entry.price !== null && Number(priceText(entry.price)) > 0,
  );
  if (kept.length === 0) return [];
  const shareCents = Math.round(total * 100) / kept.length;
  return kept.map(({ symbol, price }) => {
    const priceShown = priceText(price);
    const priceCents = Math.round(Number(priceShown) * 100);
    const quantity = Math.round(shareCents / priceCents);
    return newLine({
      type: fields.type ?? 'Buy',
      symbol,
      mark: 'valid',
      date: fields.date,
      price: priceShown,
      quantity: String(Math.min(quantity, portfolioLimits.quantityMax)),
    });
  });
}
