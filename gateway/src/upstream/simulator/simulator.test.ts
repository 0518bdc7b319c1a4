import fs from 'node:fs';
import {
  gradeOf,
  ratingHorizonTradingDays,
  ratingOutcome,
  successRate,
} from '@insight/shared/analysts/performance';
import { marketStatusSchema, quoteSchema, ratingSchema } from '@insight/shared/upstream/contract';
import { newYorkDate, previousTradingDay, sessionOf } from '@insight/shared/market/calendar';
import { describe, expect, it } from 'vitest';
import { calibrationFromShiller, shillerSeriesPath } from './calibration';
import { Simulator } from './simulator';
import { companyByTicker, sectorEtf } from './universe';

// A Friday after the close, and a Wednesday at 11:00 New York time (16:00 UTC in November).
const fridayEvening = Date.parse('2026-11-20T22:00:00Z');
const wednesdayMorning = Date.parse('2026-11-18T16:00:00Z');

const logReturns = (closes: number[]) => closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const deviation = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
};
const correlation = (a: number[], b: number[]) => {
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  for (let i = 0; i < a.length; i++) cov += (a[i]! - ma) * (b[i]! - mb);
  return cov / (a.length - 1) / (deviation(a) * deviation(b));
};

describe('a seed is a market', () => {
  it('gives the same bars, quotes and ratings for the same seed, and others for another', () => {
    // After the close, so the wall clock running between two calls moves nothing.
    const a = new Simulator({ seed: 7, startAt: fridayEvening });
    const b = new Simulator({ seed: 7, startAt: fridayEvening });
    const c = new Simulator({ seed: 8, startAt: fridayEvening });
    const bars = (sim: Simulator) => sim.bars(['AAPL', 'XLK', 'JPM'], '2025-01-01', '2025-03-01');
    expect(bars(a)).toEqual(bars(b));
    expect(bars(a)).not.toEqual(bars(c));
    const ratings = (sim: Simulator) => sim.ratingsSince(null, 300).items;
    expect(ratings(a)).toHaveLength(300);
    expect(ratings(a)).toEqual(ratings(b));
    expect(ratings(a)).not.toEqual(ratings(c));
    expect({ ...a.quote('MSFT'), at: '' }).toEqual({ ...b.quote('MSFT'), at: '' });
  });

  it('has at least five years of daily bars, on trading days only', () => {
    const sim = new Simulator({ seed: 1, startAt: fridayEvening });
    const bars = sim.bars(['SPY']);
    expect(bars[0]!.date <= '2021-11-20').toBe(true);
    expect(bars[bars.length - 1]!.date).toBe('2026-11-20');
    expect(bars.some((bar) => bar.date === '2025-12-25' || bar.date === '2026-07-03')).toBe(false);
    for (const bar of bars) {
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
    }
  });
});

describe('prices are realistic', () => {
  const seeds = [1, 2, 3, 4, 5, 6];
  const sims = seeds.map((seed) => new Simulator({ seed, startAt: fridayEvening }));
  const days = sims[0]!.paths.tradingDays('2021-11-22', '2026-11-20');

  it('the broad market moves about 12–22% a year, and drifts up on average', () => {
    const drifts: number[] = [];
    for (const sim of sims) {
      const returns = logReturns(days.map((day) => sim.paths.close('SPY', day)));
      const volatility = deviation(returns) * Math.sqrt(252);
      expect(volatility).toBeGreaterThan(0.1);
      expect(volatility).toBeLessThan(0.24);
      drifts.push(mean(returns) * 252);
    }
    // Over five years one seed may lose money, as the real market has; the average of six does not.
    expect(mean(drifts)).toBeGreaterThan(0);
    expect(mean(drifts)).toBeLessThan(0.25);
  });

  it('single stocks are more volatile than the index, with fat tails', () => {
    const sim = sims[0]!;
    const returns = logReturns(days.map((day) => sim.paths.close('NVDA', day)));
    const volatility = deviation(returns) * Math.sqrt(252);
    expect(volatility).toBeGreaterThan(0.2);
    expect(volatility).toBeLessThan(0.7);
    const m = mean(returns);
    const kurtosis = mean(returns.map((r) => (r - m) ** 4)) / deviation(returns) ** 4;
    expect(kurtosis).toBeGreaterThan(3.3);
  });

  it('stocks of one sector move together more than stocks of different sectors', () => {
    const sim = sims[0]!;
    const series = (symbol: string) => logReturns(days.map((day) => sim.paths.close(symbol, day)));
    const sameSector = correlation(series('XOM'), series('CVX'));
    const otherSector = correlation(series('XOM'), series('MSFT'));
    expect(sameSector).toBeGreaterThan(otherSector);
    expect(correlation(series('XLK'), series('VGT'))).toBeGreaterThan(0.9);
  });

  it.skipIf(!fs.existsSync(shillerSeriesPath))(
    'calibrates to the S&P 500 series of ../shared/data when present',
    () => {
      const calibration = calibrationFromShiller(fs.readFileSync(shillerSeriesPath, 'utf8'));
      expect(calibration.annualDrift).toBeGreaterThan(0.05);
      expect(calibration.annualDrift).toBeLessThan(0.11);
      expect(calibration.annualVolatility).toBeGreaterThan(0.12);
      expect(calibration.annualVolatility).toBeLessThan(0.2);
      expect(new Simulator({ seed: 1 }).calibration.source).toContain('Shiller');
    },
  );
});

describe('intraday', () => {
  it('quotes move while the market is open and stay inside the day range', () => {
    const sim = new Simulator({ seed: 3, startAt: wednesdayMorning });
    const first = quoteSchema.parse(sim.quote('AAPL'));
    sim.advance(37);
    const later = quoteSchema.parse(sim.quote('AAPL'));
    expect(later.last_price).not.toBe(first.last_price);
    expect(later.last_price).toBeGreaterThanOrEqual(later.day_low);
    expect(later.last_price).toBeLessThanOrEqual(later.day_high);
    expect(marketStatusSchema.parse(sim.marketStatus()).open).toBe(true);
  });

  it('quotes stand still while the market is closed, at the last close', () => {
    const sim = new Simulator({ seed: 3, startAt: fridayEvening });
    const first = sim.quote('AAPL')!;
    sim.advance(60 * 30); // into Sunday
    expect(sim.quote('AAPL')!.last_price).toBe(first.last_price);
    expect(first.last_price).toBe(sim.bars(['AAPL'], '2026-11-20', '2026-11-20')[0]!.close);
    expect(sim.marketStatus().open).toBe(false);
  });

  it('runs its clock faster than real time with SIM_SPEED', async () => {
    const sim = new Simulator({ seed: 3, speed: 600, startAt: wednesdayMorning });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sim.now().getTime() - wednesdayMorning).toBeGreaterThanOrEqual(100_000);
  });
});

describe('analysts', () => {
  const sim = new Simulator({ seed: 42, startAt: fridayEvening });
  const ratings = sim.ratingsSince(null, 100_000).items;

  it('at least 150 fictional analysts publish valid ratings through the whole history', () => {
    expect(sim.analysts.length).toBeGreaterThanOrEqual(150);
    expect(new Set(ratings.map((rating) => rating.analyst_id)).size).toBeGreaterThanOrEqual(150);
    for (const rating of ratings.slice(0, 500)) ratingSchema.parse(rating);
    expect(ratings[0]!.published_at < '2022-01-01').toBe(true);
    expect(ratings.some((rating) => rating.rating === 'sell')).toBe(true);
  });

  it('whose success rates, computed from the facts, spread over every grade from C+ to A+', () => {
    const days = sim.paths.tradingDays('2021-01-01', '2026-11-20');
    const dayIndex = new Map(days.map((day, i) => [day, i]));
    const outcomes = new Map<string, ReturnType<typeof ratingOutcome>[]>();
    for (const rating of ratings) {
      const date = rating.published_at.slice(0, 10);
      const index = dayIndex.get(date);
      if (index === undefined) continue;
      const window = days.slice(index + 1, index + 1 + ratingHorizonTradingDays);
      const etf = sectorEtf[companyByTicker(rating.symbol)!.sector];
      const outcome = ratingOutcome({
        rating: rating.rating,
        entryPrice: rating.price_when_posted,
        target: rating.price_target,
        closes: window.map((day) => sim.paths.close(rating.symbol, day)),
        etfEntry: sim.paths.close(etf, date),
        etfCloses: window.map((day) => sim.paths.close(etf, day)),
      });
      outcomes.set(rating.analyst_id, [...(outcomes.get(rating.analyst_id) ?? []), outcome]);
    }
    const grades = new Set([...outcomes.values()].map((list) => gradeOf(successRate(list)!)));
    expect([...grades].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('ratings around the clock', () => {
  it('most come before the open and after the close, some at night and on weekends, priced at the last close', () => {
    // A frozen clock: the simulated instant does not move while the test reads.
    const frozen = Date.parse('2026-11-23T12:00:00Z');
    const sim = new Simulator({ seed: 5, startAt: frozen });
    Object.defineProperty(sim.clock, 'now', { value: () => new Date(frozen) });
    const ratings = sim.ratingsSince(`${Date.parse('2026-08-01T04:00:00Z')}~`, 100_000).items;
    expect(ratings.length).toBeGreaterThan(1000);
    const counts = { before: 0, session: 0, after: 0, night: 0, closedDay: 0 };
    for (const rating of ratings) {
      const at = new Date(rating.published_at);
      expect(at.getTime()).toBeLessThanOrEqual(frozen);
      const day = newYorkDate(at);
      const session = sessionOf(day);
      if (!session) {
        counts.closedDay += 1;
        // Priced at the last close before the day.
        const close = sim.bars([rating.symbol], previousTradingDay(day), previousTradingDay(day))[0]!.close;
        expect(rating.price_when_posted).toBe(close);
        continue;
      }
      if (at < session.open) counts.before += 1;
      else if (at < session.close) counts.session += 1;
      else if (at.getTime() < session.close.getTime() + 3.5 * 3_600_000) counts.after += 1;
      else counts.night += 1;
      if (at < session.open) {
        const close = sim.bars([rating.symbol], previousTradingDay(day), previousTradingDay(day))[0]!.close;
        expect(rating.price_when_posted).toBe(close);
      }
    }
    const outside = counts.before + counts.after + counts.night + counts.closedDay;
    expect(outside / ratings.length).toBeGreaterThan(0.75);
    expect(counts.before).toBeGreaterThan(counts.session);
    expect(counts.after).toBeGreaterThan(counts.session);
    expect(counts.night).toBeGreaterThan(0);
    expect(counts.closedDay).toBeGreaterThan(0);
    expect(counts.session).toBeGreaterThan(0);
    // A Saturday has some, fewer than a weekday.
    const onDay = (day: string) =>
      ratings.filter((r) => newYorkDate(new Date(r.published_at)) === day).length;
    expect(onDay('2026-11-21')).toBeGreaterThan(0);
    expect(onDay('2026-11-21')).toBeLessThan(onDay('2026-11-20'));
  });

  it('a rating comes out while the market is closed, as the clock moves through a weekend night', () => {
    const sim = new Simulator({ seed: 5, startAt: Date.parse('2026-11-21T15:00:00Z') }); // Saturday 10:00 ET
    const cursor = sim.ratingsSince(null, 100_000).cursor;
    sim.advance(60 * 30);
    expect(sim.marketStatus().open).toBe(false);
    expect(sim.ratingsSince(cursor, 100).items.length).toBeGreaterThan(0);
  });
});

describe('control', () => {
  it('publishes a rating now, moves a price, forces the market and fails on demand', () => {
    const sim = new Simulator({ seed: 9, startAt: wednesdayMorning });
    const cursor = sim.ratingsSince(null, 100_000).cursor;
    const rating = sim.publishRating({ symbol: 'AAPL', rating: 'buy', price_target: 500 });
    expect(sim.ratingsSince(cursor, 10).items.map((r) => r.id)).toEqual([rating.id]);

    expect(sim.setPrice('AAPL', 123.45).last_price).toBe(123.45);
    expect(sim.quote('AAPL')!.last_price).toBeCloseTo(123.45, 1);

    expect(sim.setMarket(false).open).toBe(false);
    expect(sim.setMarket(null).open).toBe(true);

    sim.setFailing(true);
    expect(() => sim.handle('/v1/market/status')).toThrow(/failing on purpose/);
  });
});
