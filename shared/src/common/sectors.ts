/** The 11 GICS sectors with the SPDR sector ETF that benchmarks each. Ids are stable wire ids. */
export const sectors = [
  { id: 1, name: 'Information Technology', symbol: 'XLK' },
  { id: 2, name: 'Health Care', symbol: 'XLV' },
  { id: 3, name: 'Financials', symbol: 'XLF' },
  { id: 4, name: 'Consumer Discretionary', symbol: 'XLY' },
  { id: 5, name: 'Communication Services', symbol: 'XLC' },
  { id: 6, name: 'Industrials', symbol: 'XLI' },
  { id: 7, name: 'Consumer Staples', symbol: 'XLP' },
  { id: 8, name: 'Energy', symbol: 'XLE' },
  { id: 9, name: 'Utilities', symbol: 'XLU' },
  { id: 10, name: 'Real Estate', symbol: 'XLRE' },
  { id: 11, name: 'Materials', symbol: 'XLB' },
] as const;

export type Sector = (typeof sectors)[number];

/** Spec 002 §3: long sector names are shortened for display. */
export function sectorDisplayName(name: string): string {
  switch (name) {
    case 'Information Technology':
    case 'Technology':
      return 'IT';
    case 'Consumer Discretionary':
      return 'Discretionary';
    case 'Consumer Staples':
      return 'Staples';
    default:
      return name;
  }
}
