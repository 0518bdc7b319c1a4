import { describe, expect, it } from 'vitest';
import {
  activeFilterKeys,
  alertPasses,
  checkboxOptions,
  chosenRange,
  filterAlerts,
  isGroupShown,
  sliderBounds,
  sliderSteps,
  targetDistancePercent,
  upsidePercent,
  type FilterContext,
} from './filter';
import { emptyFilterSet, type Alert, type FilterSet } from './schemas';

function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 1,
    type: 1014,
    rating: 'buy',
    symbol: 'AAPL',
    time: 1_750_000_000,
    analyst_name: 'Ada Lovelace',
    success_rate: 72,
    price_target: 120,
    sector_name: 'Information Technology',
    company_name_2: 'Apple',
    rate: 5,
    earning_date: null,
    market_cap: 3_000_000_000_000,
    mc_index: 10,
    beta: 1.234,
    upside: 20,
    pe_ratio_12m: 25.456,
    universes: ['S&P 500'],
    rating_id: 'r1',
    firm: 'Firm',
    price_when_posted: 95,
    last_price: 100,
    ...overrides,
  };
}

const filters = (overrides: Partial<FilterSet>): FilterSet => ({ ...emptyFilterSet, ...overrides });
const nothingLive: FilterContext = { quotes: {}, followed: [] };

describe('alert filtering (spec 000 §5)', () => {
  it.each<[string, Partial<FilterSet>, Partial<Alert>, boolean, FilterContext?]>([
    // "Numeric ranges for market_cap (compares mc_index) ... apply only when min differs from max."
    ['market cap compares mc_index: inside', { market_cap: [5, 20] }, { mc_index: 10 }, true],
    ['market cap compares mc_index: outside', { market_cap: [11, 20] }, { mc_index: 10 }, false],
    [
      'market cap compares mc_index, not the market cap',
      { market_cap: [1, 5] },
      { mc_index: 50, market_cap: 3 },
      false,
    ],
    ['a range with min equal to max does not apply', { market_cap: [3, 3] }, { mc_index: 10 }, true],
    ['the unset range [0, 0] does not apply', { beta: [0, 0] }, { beta: 9 }, true],
    // "... beta, upside and pe_ratio_12m (rounded to 2 decimals) ..."
    ['beta is rounded to 2 decimals: 1.234 is 1.23', { beta: [1, 1.23] }, { beta: 1.234 }, true],
    ['beta is rounded to 2 decimals: 1.236 is 1.24', { beta: [1, 1.23] }, { beta: 1.236 }, false],
    ['P/E is rounded to 2 decimals: 25.456 is 25.46', { pe_ratio_12m: [20, 25.46] }, {}, true],
    ['P/E is rounded to 2 decimals: 25.456 is above 25.45', { pe_ratio_12m: [20, 25.45] }, {}, false],
    ['a range fails an alert without the value', { pe_ratio_12m: [1, 50] }, { pe_ratio_12m: null }, false],
    // "Upside is 100 times the absolute difference between price target and last price divided by last price"
    [
      'upside is 100 × |target − last| / last: 20 for 120 on 100',
      { upside: [19.99, 20.01] },
      { price_target: 120 },
      true,
    ],
    [
      'upside is absolute: a target 20 below is also 20',
      { upside: [19.99, 20.01] },
      { price_target: 80 },
      true,
    ],
    [
      'upside uses the live price',
      { upside: [49.99, 50.01] },
      { price_target: 120 },
      true,
      { quotes: { AAPL: { lastPrice: 80 } }, followed: [] },
    ],
    [
      'upside is 0 when the price is not above 0',
      { upside: [0, 1] },
      { price_target: 120, last_price: 0 },
      true,
    ],
    // "Analyst grade range applies when neither end is 0 (default 1 to 7)."
    ['the grade range keeps grades inside it', { rate: [5, 7] }, { rate: 5 }, true],
    ['the grade range drops grades outside it', { rate: [6, 7] }, { rate: 5 }, false],
    ['the grade range does not apply with an end at 0', { rate: [0, 3] }, { rate: 5 }, true],
    ['the default grade range 1 to 7 keeps an alert without a grade', { rate: [1, 7] }, { rate: null }, true],
    ['a narrowed grade range drops an alert without a grade', { rate: [2, 7] }, { rate: null }, false],
    // "lastPrice range compares against the live quote."
    [
      'last price compares the live quote, not the price the alert came with',
      { lastPrice: [150, 160] },
      { last_price: 100 },
      true,
      { quotes: { AAPL: { lastPrice: 155 } }, followed: [] },
    ],
    [
      'last price drops a live quote outside the range',
      { lastPrice: [90, 110] },
      { last_price: 100 },
      false,
      { quotes: { AAPL: { lastPrice: 155 } }, followed: [] },
    ],
    [
      'without a live quote, the price the alert came with',
      { lastPrice: [90, 110] },
      { last_price: 100 },
      true,
    ],
    // "List filters (rating, sector, analyst) match when empty or the value is included."
    ['an empty position list matches', { rating: [] }, { rating: 'sell' }, true],
    ['a position list matches an included rating', { rating: ['sell'] }, { rating: 'sell' }, true],
    ['a position list drops another rating', { rating: ['buy'] }, { rating: 'sell' }, false],
    ['a sector list drops another sector', { sector_name: ['Energy'] }, {}, false],
    [
      'a sector list keeps an included sector',
      { sector_name: ['Energy', 'Information Technology'] },
      {},
      true,
    ],
    ['an analyst list drops another analyst', { analyst_name: ['Grace Hopper'] }, {}, false],
    [
      'an analyst list drops an alert without an analyst',
      { analyst_name: ['Ada Lovelace'] },
      { analyst_name: null },
      false,
    ],
    // "Universe filter passes when any chosen universe is in the alert's universes."
    [
      'universes pass when any chosen one is the alert’s',
      { universes: ['Russell 2000', 'S&P 500'] },
      {},
      true,
    ],
    ['universes fail when none chosen is the alert’s', { universes: ['Russell 2000'] }, {}, false],
    // "In-watchlist filter applies only when exactly one option is chosen."
    [
      'In Watchlist alone keeps a followed symbol',
      { inWatchlist: ['In Watchlist'] },
      {},
      true,
      { quotes: {}, followed: new Set(['AAPL']) },
    ],
    ['In Watchlist alone drops a symbol not followed', { inWatchlist: ['In Watchlist'] }, {}, false],
    [
      'Not In Watchlist alone drops a followed symbol',
      { inWatchlist: ['Not In Watchlist'] },
      {},
      false,
      { quotes: {}, followed: ['AAPL'] },
    ],
    [
      'both options chosen do not apply',
      { inWatchlist: ['In Watchlist', 'Not In Watchlist'] },
      {},
      true,
      { quotes: {}, followed: [] },
    ],
  ])('%s', (_case, chosen, alert, passes, context = nothingLive) => {
    expect(alertPasses(anAlert(alert), filters(chosen), context)).toBe(passes);
  });

  it('keeps every alert under the default filters, in their order', () => {
    const alerts = [
      anAlert({ id: 3 }),
      anAlert({ id: 2, type: 1015, rating: null, analyst_name: null, rate: null, price_target: null }),
      anAlert({ id: 1, beta: null, pe_ratio_12m: null, mc_index: null }),
    ];
    expect(filterAlerts(alerts, emptyFilterSet, nothingLive).map((alert) => alert.id)).toEqual([3, 2, 1]);
  });

  it('needs every rule to pass together', () => {
    const alerts = [
      anAlert({ id: 1, rating: 'buy', beta: 1 }),
      anAlert({ id: 2, rating: 'sell', beta: 1 }),
      anAlert({ id: 3, rating: 'buy', beta: 3 }),
    ];
    const chosen = filters({ rating: ['buy'], beta: [0.5, 1.5] });
    expect(filterAlerts(alerts, chosen, nothingLive).map((alert) => alert.id)).toEqual([1]);
  });
});

describe('the upside (spec 000 §5)', () => {
  it.each([
    [120, 100, 20],
    [80, 100, 20],
    [120, 0, 0],
    [120, -5, 0],
  ])('of a target %d on a last price %d is %d', (target, last, upside) => {
    expect(upsidePercent(target, last)).toBe(upside);
  });

  it('shows on the card as (target − last) / last, signed', () => {
    expect(targetDistancePercent(120, 100)).toBe(20);
    expect(targetDistancePercent(80, 100)).toBe(-20);
    expect(targetDistancePercent(80, 0)).toBeNull();
  });
});

describe('the slider bounds (spec 000 §5)', () => {
  const alerts = [
    anAlert({
      symbol: 'AAPL',
      mc_index: 4,
      beta: 0.456,
      pe_ratio_12m: 12.5,
      price_target: 110,
      last_price: 100,
    }),
    anAlert({
      symbol: 'MSFT',
      mc_index: 40,
      beta: 1.9,
      pe_ratio_12m: null,
      price_target: 150,
      last_price: 100,
    }),
    anAlert({
      symbol: 'XOM',
      mc_index: null,
      beta: null,
      pe_ratio_12m: 30,
      price_target: null,
      last_price: 50,
    }),
  ];

  it('come from the min and max of the current alerts, rounded as they are compared', () => {
    const bounds = sliderBounds(alerts, {});
    expect(bounds.market_cap).toEqual([4, 40]);
    expect(bounds.beta).toEqual([0.46, 1.9]);
    expect(bounds.pe_ratio_12m).toEqual([12.5, 30]);
    expect(bounds.upside).toEqual([10, 50]);
    expect(bounds.lastPrice).toEqual([50, 100]);
  });

  it('read the last price and the upside from the live quotes', () => {
    const bounds = sliderBounds(alerts, { MSFT: { lastPrice: 120 } });
    expect(bounds.lastPrice).toEqual([50, 120]);
    expect(bounds.upside).toEqual([10, 25]);
  });

  it('span 1 to 7 for the Analyst Grade, whatever the alerts', () => {
    expect(sliderBounds(alerts, {}).rate).toEqual([1, 7]);
    expect(sliderBounds([], {}).rate).toEqual([1, 7]);
  });

  it('are [0, 0] without any value', () => {
    expect(sliderBounds([], {}).beta).toEqual([0, 0]);
  });

  it.each([
    ['market_cap', 1],
    ['beta', 0.01],
    ['pe_ratio_12m', 0.01],
    ['rate', 1],
    ['upside', 0.01],
    ['lastPrice', 0.01],
  ] as const)('step %s by %d', (key, step) => {
    expect(sliderSteps[key]).toBe(step);
  });

  it('unset a slider dragged back to both its ends, so it keeps out nothing', () => {
    expect(chosenRange('beta', [0.46, 1.9], [0.46, 1.9])).toEqual([0, 0]);
    expect(chosenRange('beta', [0.5, 1.9], [0.46, 1.9])).toEqual([0.5, 1.9]);
    expect(chosenRange('rate', [1, 7], [1, 7])).toEqual([1, 7]);
    expect(chosenRange('rate', [3, 7], [1, 7])).toEqual([3, 7]);
  });
});

describe('the checkbox groups (spec 000 §2)', () => {
  const alerts = [
    anAlert({ symbol: 'AAPL', rating: 'buy', sector_name: 'Information Technology', universes: ['S&P 500'] }),
    anAlert({
      symbol: 'XOM',
      rating: 'sell',
      sector_name: 'Energy',
      analyst_name: 'Grace Hopper',
      universes: ['S&P 500', 'S&P100'],
    }),
    anAlert({
      symbol: 'XOM',
      type: 1015,
      rating: null,
      analyst_name: null,
      sector_name: 'Energy',
      universes: [],
    }),
  ];

  it('offer the distinct values of the current alerts', () => {
    expect(checkboxOptions(alerts, ['XOM'])).toEqual({
      universes: ['S&P 500', 'S&P100'],
      rating: ['sell', 'buy'],
      inWatchlist: ['In Watchlist', 'Not In Watchlist'],
      sector_name: ['Energy', 'Information Technology'],
      analyst_name: ['Ada Lovelace', 'Grace Hopper'],
    });
  });

  it('offer only what occurs: nothing followed is Not In Watchlist alone', () => {
    expect(checkboxOptions(alerts, []).inWatchlist).toEqual(['Not In Watchlist']);
  });

  it.each([
    [[], false],
    [['Energy'], false],
    [['Energy', 'Utilities'], true],
  ])('hide a group with fewer than 2 distinct values: %j shown %s', (values, shown) => {
    expect(isGroupShown(values)).toBe(shown);
  });
});

describe('the active filters', () => {
  it('are none under the defaults', () => {
    expect(activeFilterKeys(emptyFilterSet)).toEqual([]);
  });

  it('count a grade range only when it narrows the scale, and In Watchlist only with one option', () => {
    expect(
      activeFilterKeys(
        filters({
          rate: [2, 7],
          beta: [1, 2],
          inWatchlist: ['In Watchlist', 'Not In Watchlist'],
          rating: ['buy'],
        }),
      ),
    ).toEqual(['beta', 'rate', 'rating']);
  });
});
