import { describe, expect, it } from 'vitest';
import type { AlertType } from '../alerts/schemas';
import {
  addAppPortfolioFormSchema,
  appMessages,
  missingBenchmark,
  parseAppMonth,
  sentMonthField,
  topRatings,
  topRatingAlertSchema,
  toTopRatingAlert,
} from './schemas';

const now = new Date('2025-06-15T12:00:00Z');

describe('the app portfolio month (spec 002 §5)', () => {
  it.each([
    ['2025-06', '2025-06'],
    ['2025-12', '2025-12'],
    ['2024-3', '2024-03'],
    [' 2024-03 ', '2024-03'],
  ])('%s is the month %s', (text, month) => expect(parseAppMonth(text, now)).toBe(month));

  it.each([
    '2026-01',
    '2025-13',
    '2025-0',
    '2025-00',
    '25-01',
    '2025/01',
    '202501',
    '2025-001',
    '',
    'abcd-ef',
  ])('%s breaks a rule', (text) => expect(parseAppMonth(text, now)).toBeNull());

  it('accepts the month as sent, with "-01" appended, and nothing else after it', () => {
    expect(sentMonthField.parse('2024-3-01')).toBe('2024-03');
    expect(sentMonthField.safeParse('2024-03-02').success).toBe(false);
  });

  it('the add form names the field at fault with the spec message', () => {
    const result = addAppPortfolioFormSchema.safeParse({ title: ' ', month: '2024-13' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['title', appMessages.nameRequired],
      ['month', appMessages.monthFormat],
    ]);
  });
});

describe('the SPY warning and the top ratings', () => {
  it('warns while the list lacks SPY, empty included', () => {
    expect(missingBenchmark([])).toBe(true);
    expect(missingBenchmark([{ symbol: 'AAPL' }])).toBe(true);
    expect(missingBenchmark([{ symbol: 'AAPL' }, { symbol: 'SPY' }])).toBe(false);
  });

  it('keeps the first 5 rating alerts whose analyst is not A+ (gold)', () => {
    const alerts: { id: number; type: AlertType; rate: number | null }[] = [
      { id: 1, type: 1014, rate: 7 },
      { id: 2, type: 1015, rate: 3 },
      ...[3, 4, 5, 6, 7, 8].map((id) => ({ id, type: 1014 as const, rate: id % 2 === 0 ? 6 : null })),
    ];
    expect(topRatings(alerts).map((alert) => alert.id)).toEqual([3, 4, 5, 6, 7]);
  });

  it("answers the spec's Top rating alert with a signed upside", () => {
    const base = {
      id: 9,
      type: 1014 as const,
      time: 1_750_000_000,
      analyst_name: 'Dana Reyes',
      success_rate: 61,
      sector_name: 'Technology',
      company_name_2: 'Acme',
      rate: 5,
      earning_date: null,
      market_cap: 1e9,
      mc_index: 3,
      beta: 1.1,
      upside: 20,
      pe_ratio_12m: 20,
      universes: [],
      rating_id: 'R1',
      firm: 'Firm',
      price_when_posted: 100,
      last_price: 100,
    };
    const bearish = toTopRatingAlert({ ...base, symbol: 'ACME', rating: 'sell', price_target: 74.33 });
    expect(topRatingAlertSchema.parse(bearish)).toEqual(bearish);
    expect(bearish).toMatchObject({
      ticker: 'ACME',
      company_name_2: 'Acme',
      max_upside: -25.67,
      is_gold: false,
    });
    const bullish = toTopRatingAlert({
      ...base,
      symbol: 'ACME',
      rating: 'buy',
      price_target: 125.67,
      rate: 7,
    });
    expect(bullish).toMatchObject({ max_upside: 25.67, is_gold: true });
    expect(
      toTopRatingAlert({ ...base, symbol: 'ACME', rating: 'buy', price_target: null }).max_upside,
    ).toBeNull();
  });
});
