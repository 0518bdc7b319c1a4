import type { FundEntry, Portfolio, Position } from '@insight/shared';

/** Test data of the portfolio's answers; override what the case is about. */
export function aPosition(overrides: Partial<Position> = {}): Position {
  return {
    id: 1,
    symbol: 'AAPL',
    company: 'Apple Inc.',
    pos_type: 'Long',
    sector: 'Information Technology',
    entry_date: { date: '2026-03-02' },
    entry: 200,
    quantity: 10,
    last_price: 210.456,
    current_val: 2104.56,
    earning: null,
    percent_file: 2.1,
    pl: 104.56,
    pl_per: 5.23,
    etf_pl_per: 1.5,
    etf: 'XLK',
    daily_change: 0.4,
    close_price: null,
    close_date: null,
    notes: '',
    ma50: null,
    editable: true,
    ...overrides,
  };
}

export function aPortfolio(overrides: Partial<Portfolio> = {}): Portfolio {
  return {
    id: 1,
    user_id: 1,
    name: 'My File',
    notes: '',
    created: '2026-01-05',
    units: 10_000,
    unit_price: 1.05,
    aum: 10_500,
    open_total: 2_000,
    pos_short_total: 1_000,
    current_cash: 7_500,
    total_invest: 10_000,
    open_pl_money: 0,
    open_pl_per: null,
    short_pl_money: 0,
    short_pl_per: null,
    last_day_pl: 100,
    last_day_pl_per: 1,
    sharp: 1.2,
    last_deposite: '2026-01-05',
    ...overrides,
  };
}

export function aFundEntry(overrides: Partial<FundEntry> = {}): FundEntry {
  return { id: 1, amount: 10_000, date: '2026-01-05', units: 10_000, price: 1, notes: '', ...overrides };
}
