import {
  isTradingDay,
  nextTradingDay,
  sessionOf as calendarSession,
  type Session,
} from '@insight/shared/market/calendar';
import type { Calibration } from './calibration';
import { quarterReports } from './earnings';
import { Random } from './random';
import { companies, funds, type Company, type Fund, type GicsSector } from './universe';

/**
 * The price paths of the simulated market: correlated random walks on the NYSE calendar.
 *
 * A stock's daily log return is   drift + alpha + beta·(market − drift) + sector + small-cap + own,
 * with the market factor drawn from the calibration (fat-tailed, with volatility that clusters), a
 * factor per GICS sector, a small-cap factor for Russell 2000 names, and the company's own noise;
 * on the first session after each quarterly report, a jump that follows the earnings surprise.
 * Funds follow the factors they hold. Paths start at a fixed epoch and are anchored so that each
 * symbol's close on the anchor day equals its seed price in the universe: realistic levels today,
 * and the same market for a seed whatever day the simulator starts.
 *
 * Within a session the price follows a Brownian bridge from the previous close to the day's close
 * in 5-minute steps; a quote between steps is interpolated, so it changes continuously.
 */

export const pathEpoch = '2019-01-02';
export const anchorDay = '2026-06-30';
const tradingDaysPerYear = 252;
const stepsPerSession = 78; // 5-minute steps of a full session; early closes use fewer
const studentDf = 5;

const sectorBeta: Record<GicsSector, number> = {
  'Information Technology': 1.2,
  'Health Care': 0.8,
  Financials: 1.1,
  'Consumer Discretionary': 1.15,
  'Communication Services': 1.05,
  Industrials: 1.05,
  'Consumer Staples': 0.6,
  Energy: 1.0,
  Utilities: 0.5,
  'Real Estate': 0.9,
  Materials: 1.0,
};

export interface Instrument {
  symbol: string;
  kind: 'stock' | 'etf';
  sector: GicsSector | null;
  seedPrice: number;
  /** Average shares traded a day. */
  averageVolume: number;
  company?: Company;
  fund?: Fund;
}

export interface DailyBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

interface DayFactors {
  market: number;
  sector: Record<string, number>;
  smallCap: number;
  /** Volatility multiplier of the day (clustering). */
  regime: number;
}

/** How a fund's return is made of the factors. */
function fundExposure(fund: Fund): { beta: number; sectors: [GicsSector, number][]; smallCap: number } {
  if (fund.sector) return { beta: sectorBeta[fund.sector], sectors: [[fund.sector, 1]], smallCap: 0 };
  switch (fund.ticker) {
    case 'QQQ':
      return {
        beta: 1.15,
        sectors: [
          ['Information Technology', 0.5],
          ['Communication Services', 0.2],
        ],
        smallCap: 0,
      };
    case 'IWM':
      return { beta: 1.2, sectors: [], smallCap: 1 };
    case 'RSP':
      return { beta: 1.0, sectors: [], smallCap: 0.3 };
    case 'DIA':
      return { beta: 0.95, sectors: [], smallCap: 0 };
    default:
      return { beta: 1.0, sectors: [], smallCap: 0 };
  }
}

const fundVolume: Record<Fund['family'], number> = { Broad: 40e6, SPDR: 9e6, iShares: 4e5, Vanguard: 3e5 };

export class PricePaths {
  readonly instruments: Instrument[];
  private readonly bySymbol = new Map<string, Instrument>();
  private readonly days: string[] = [];
  private readonly dayIndex = new Map<string, number>();
  private readonly factors: DayFactors[] = [];
  /** Cumulative log return per symbol, by day index (the epoch day is 0). */
  private readonly levels = new Map<string, number[]>();
  private readonly ownNoise = new Map<string, Random>();
  private readonly dailyReturns = new Map<string, number[]>();
  private readonly factorRandom: Random;
  private logRegime = 0;
  /** Log-price jumps of stocks on the sessions that react to their earnings, by symbol then day. */
  private readonly earningsJumps = new Map<string, Map<string, number>>();
  private readonly jumpYears = new Set<number>();
  private readonly regimeNorm: number;
  /** The paths of the day being traded, kept for its quotes. */
  private intradayDate = '';
  private readonly intradayPaths = new Map<string, Float64Array>();
  private readonly params = new Map<
    string,
    { alpha: number; beta: number; own: number; smallCap: number; sectors: [GicsSector, number][] }
  >();

  constructor(
    private readonly seed: number,
    private readonly calibration: Calibration,
  ) {
    this.factorRandom = new Random(seed, 'factors');
    // log v follows an AR(1) with φ = 0.98 and shock 0.06; dividing by the stationary RMS of v keeps
    // the average volatility at the calibration's.
    const stationaryVariance = 0.06 ** 2 / (1 - 0.98 ** 2);
    this.regimeNorm = Math.exp(stationaryVariance);
    this.instruments = [
      ...companies.map((company): Instrument => ({
        symbol: company.ticker,
        kind: 'stock',
        sector: company.sector,
        seedPrice: company.price,
        averageVolume:
          company.sharesOutstanding *
          1e6 *
          new Random(seed, 'turnover', company.ticker).between(0.004, 0.012),
        company,
      })),
      ...funds.map((fund): Instrument => ({
        symbol: fund.ticker,
        kind: 'etf',
        sector: fund.sector,
        seedPrice: fund.price,
        averageVolume: fundVolume[fund.family],
        fund,
      })),
    ];
    for (const instrument of this.instruments) {
      this.bySymbol.set(instrument.symbol, instrument);
      this.params.set(instrument.symbol, this.parametersOf(instrument));
      this.levels.set(instrument.symbol, []);
      this.dailyReturns.set(instrument.symbol, []);
      this.ownNoise.set(instrument.symbol, new Random(seed, 'own', instrument.symbol));
    }
    this.ensureThrough(anchorDay);
  }

  instrument(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol);
  }

  private parametersOf(instrument: Instrument) {
    const random = new Random(this.seed, 'params', instrument.symbol);
    if (instrument.fund) {
      const exposure = fundExposure(instrument.fund);
      // Funds track their factors closely; other families than SPDR track the same sector with a
      // little more error.
      const own = instrument.fund.family === 'SPDR' || instrument.fund.family === 'Broad' ? 0.01 : 0.025;
      return { alpha: 0, beta: exposure.beta, own, smallCap: exposure.smallCap, sectors: exposure.sectors };
    }
    const company = instrument.company!;
    const smallCap = company.indexes.includes('Russell 2000') ? 1 : 0;
    const own =
      Math.min(0.5, Math.max(0.14, 0.2 + 0.12 * (company.beta - 1) + 0.1 * smallCap)) *
      random.between(0.85, 1.15);
    return {
      alpha: random.normal() * 0.04,
      beta: company.beta,
      own,
      smallCap,
      sectors: [[company.sector, 1]] as [GicsSector, number][],
    };
  }

  /** Generates the paths up to `date` (inclusive) when they do not reach it yet. */
  private ensureThrough(date: string) {
    let last = this.days[this.days.length - 1];
    if (last !== undefined && last >= date) return;
    let next = last === undefined ? pathEpoch : nextTradingDay(last);
    const dailyDrift = this.calibration.annualDrift / tradingDaysPerYear;
    const dailyVol = this.calibration.annualVolatility / Math.sqrt(tradingDaysPerYear);
    const sectorVol = 0.1 / Math.sqrt(tradingDaysPerYear);
    const smallCapVol = 0.08 / Math.sqrt(tradingDaysPerYear);
    while (next <= date) {
      this.ensureJumpsOf(Number(next.slice(0, 4)));
      const random = this.factorRandom;
      this.logRegime = 0.98 * this.logRegime + 0.06 * random.normal();
      const regime = Math.exp(this.logRegime) / Math.sqrt(this.regimeNorm);
      const factors: DayFactors = {
        market: dailyVol * regime * random.studentT(studentDf),
        sector: {},
        smallCap: smallCapVol * regime * random.normal(),
        regime,
      };
      for (const sector of Object.keys(sectorBeta))
        factors.sector[sector] = sectorVol * regime * random.normal();
      const index = this.days.length;
      this.days.push(next);
      this.dayIndex.set(next, index);
      this.factors.push(factors);
      for (const instrument of this.instruments) {
        const p = this.params.get(instrument.symbol)!;
        let r =
          dailyDrift + p.alpha / tradingDaysPerYear + p.beta * factors.market + p.smallCap * factors.smallCap;
        for (const [sector, weight] of p.sectors) r += weight * factors.sector[sector]!;
        r +=
          (p.own / Math.sqrt(tradingDaysPerYear)) * this.ownNoise.get(instrument.symbol)!.studentT(studentDf);
        // Itô: a log return's mean is the arithmetic mean less half the variance; without it the
        // more volatile names would drift up faster than the market.
        const variance = (p.beta * dailyVol) ** 2 + (p.own / Math.sqrt(tradingDaysPerYear)) ** 2;
        r -= 0.5 * variance - 0.5 * dailyVol ** 2;
        r += this.earningsJumps.get(instrument.symbol)?.get(next) ?? 0;
        const levels = this.levels.get(instrument.symbol)!;
        levels.push((levels[index - 1] ?? 0) + (index === 0 ? 0 : r));
        this.dailyReturns.get(instrument.symbol)!.push(index === 0 ? 0 : r);
      }
      last = next;
      next = nextTradingDay(next);
    }
  }

  /** The earnings jumps whose reaction falls in `year`: reports of its quarters and the last of the year before. */
  private ensureJumpsOf(year: number) {
    if (this.jumpYears.has(year)) return;
    this.jumpYears.add(year);
    for (const instrument of this.instruments) {
      if (!instrument.company) continue;
      let jumps = this.earningsJumps.get(instrument.symbol);
      if (!jumps) this.earningsJumps.set(instrument.symbol, (jumps = new Map()));
      for (const report of quarterReports(instrument.company, this.seed, year - 1, year))
        if (report.reactionDay.startsWith(`${year}-`)) jumps.set(report.reactionDay, report.jump);
    }
  }

  /** The trading days of the path from `from` to `to`, inclusive. */
  tradingDays(from: string, to: string): string[] {
    this.ensureThrough(to);
    return this.days.filter((day) => day >= from && day <= to);
  }

  /** The closing price of a trading day (the path's, before any override). */
  close(symbol: string, date: string): number {
    this.ensureThrough(date);
    const index = this.dayIndex.get(date);
    const instrument = this.bySymbol.get(symbol);
    if (index === undefined || !instrument) throw new RangeError(`no close for ${symbol} on ${date}`);
    const levels = this.levels.get(symbol)!;
    return (
      instrument.seedPrice *
      Math.exp(levels[index]! - levels[this.dayIndex.get(anchorDay) ?? this.nearestAnchor()]!)
    );
  }

  private nearestAnchor(): number {
    let index = 0;
    for (let i = 0; i < this.days.length && this.days[i]! <= anchorDay; i++) index = i;
    return index;
  }

  /** The previous trading day's close, or the day's own open for the epoch day. */
  previousClose(symbol: string, date: string): number {
    this.ensureThrough(date);
    const index = this.dayIndex.get(date);
    if (index === undefined) throw new RangeError(`${date} is not a trading day of the path`);
    return index === 0 ? this.close(symbol, date) : this.close(symbol, this.days[index - 1]!);
  }

  /** The day's log-price path in 5-minute steps, from the previous close (step 0) to the close. */
  private bridge(symbol: string, date: string): Float64Array {
    const session = sessionOf(date);
    if (!session) throw new RangeError(`${date} is not a trading day`);
    const steps = Math.max(
      2,
      Math.round(((session.close.getTime() - session.open.getTime()) / 23_400_000) * stepsPerSession),
    );
    const from = Math.log(this.previousClose(symbol, date));
    const to = Math.log(this.close(symbol, date));
    const p = this.params.get(symbol)!;
    const index = this.dayIndex.get(date)!;
    const dayVol =
      Math.sqrt((p.beta * this.calibration.annualVolatility) ** 2 + p.own ** 2) /
      Math.sqrt(tradingDaysPerYear);
    const random = new Random(this.seed, 'intraday', symbol, date);
    // A random walk pinned at both ends (a Brownian bridge) that ends exactly at the close.
    const walk = new Float64Array(steps + 1);
    const stepScale = 1 / Math.sqrt(steps);
    for (let k = 1; k <= steps; k++) walk[k] = walk[k - 1]! + random.normal() * stepScale;
    const end = walk[steps]!;
    const scale = 0.7 * dayVol * (this.factors[index]?.regime ?? 1);
    for (let k = 0; k <= steps; k++) {
      const f = k / steps;
      walk[k] = from + (to - from) * f + scale * (walk[k]! - f * end);
    }
    return walk;
  }

  /** The OHLCV bar of a trading day: open, high and low from the day's path, the close exact. */
  bar(symbol: string, date: string): DailyBar {
    const path = this.bridge(symbol, date);
    let high = -Infinity;
    let low = Infinity;
    for (let k = 1; k < path.length; k++) {
      if (path[k]! > high) high = path[k]!;
      if (path[k]! < low) low = path[k]!;
    }
    const volumeNoise = new Random(this.seed, 'volume', symbol, date).between(0.6, 1.6);
    const move = Math.abs(path[path.length - 1]! - path[0]!);
    return {
      date,
      open: round(Math.exp(path[1]!)),
      high: round(Math.exp(high)),
      low: round(Math.exp(low)),
      close: round(Math.exp(path[path.length - 1]!)),
      // Big moves trade more.
      volume: Math.round(this.bySymbol.get(symbol)!.averageVolume * volumeNoise * (1 + 8 * move)),
    };
  }

  /**
   * The intraday state at an instant of a trading day's session: last price, the day's range so
   * far and the volume so far.
   */
  intraday(symbol: string, date: string, at: Date) {
    const session = sessionOf(date);
    if (!session) throw new RangeError(`${date} is not a trading day`);
    if (this.intradayDate !== date) {
      this.intradayDate = date;
      this.intradayPaths.clear();
    }
    let path = this.intradayPaths.get(symbol);
    if (!path) {
      path = this.bridge(symbol, date);
      this.intradayPaths.set(symbol, path);
    }
    const steps = path.length - 1;
    const fraction = Math.min(
      1,
      Math.max(
        0,
        (at.getTime() - session.open.getTime()) / (session.close.getTime() - session.open.getTime()),
      ),
    );
    const position = fraction * steps;
    const k = Math.min(steps - 1, Math.floor(position));
    const last = Math.exp(path[k]! + (path[k + 1]! - path[k]!) * (position - k));
    let high = last;
    let low = last;
    for (let j = 1; j <= k; j++) {
      const price = Math.exp(path[j]!);
      if (price > high) high = price;
      if (price < low) low = price;
    }
    const bar = this.bar(symbol, date);
    return {
      last: round(last),
      open: bar.open,
      high: round(high),
      low: round(low),
      // Volume accrues faster at the open and the close; a square-root profile is close enough.
      volume: Math.round(bar.volume * Math.sqrt(fraction)),
    };
  }

  isTradingDay(date: string): boolean {
    return isTradingDay(date);
  }
}

// Sessions are asked for per bar and per quote; the calendar's time-zone arithmetic is worth caching.
const sessions = new Map<string, Session | null>();
export function sessionOf(date: string): Session | null {
  let session = sessions.get(date);
  if (session === undefined) {
    session = calendarSession(date);
    sessions.set(date, session);
  }
  return session;
}

function round(price: number): number {
  return Math.round(price * 100) / 100;
}
