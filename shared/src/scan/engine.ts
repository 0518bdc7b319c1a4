import {
  analystTeam,
  analystTeamDefaults,
  shiftMonths,
  type TeamMember,
  type TeamParams,
} from '../analysts/team';
import { fundamentalsOn, type ReportedQuarter } from '../market/fundamentals';
import { ratingHorizonTradingDays, ratingOutcome, type RatingOutcome } from '../analysts/performance';
import {
  defaultScoreWeights,
  scoreFactorNames,
  type NormalizedScores,
  type OpportunityRow,
  type ScanFilters,
  type ScoreFactorName,
  type ScoreWeights,
  type ScreenerRange,
} from './schemas';

/**
 * The opportunity score: one engine for the scanner, the Market Data report and the backtests.
 *
 * It is a pure function of stored facts and a day (`asOf`, YYYY-MM-DD). **Point in time:** every fact
 * carries the day it became known (a bar its date, a rating its publication day, a fiscal quarter
 * its report date) and the engine reads only facts known by the end of `asOf`: a
 * backtest of a past day sees exactly what a scan on that day would have seen. Ratings are judged
 * (target reached, outperformed) only with the closes up to `asOf`.
 *
 * Steps, for one sector of a universe:
 * 1. the sector's **analyst team** as of the day (shared `analystTeam`, parameters `analystTeamDefaults`,
 *    which admins may override: team threshold → minDecided, min ratio → minSuccessRate, min month avg
 *    → minOutperformRate);
 * 2. **candidates**: the universe's symbols of the sector that a team member currently rates buy (a
 *    rating is current for `currentMonths` months after publication; an analyst's newest rating of a
 *    symbol is the one that counts). With `excludeNoRatings` off, the sector's other symbols are
 *    candidates too;
 * 3. the setting's **filters** (`passesFilters`);
 * 4. the 16 **factors** (`factorScores`), each a raw value and a 0..1 score, weighted into the four
 *    normalized scores and the total (`scoreOf`).
 */

/** A rating stays current this long after publication (spec 001 §9: investment profile months 3). */
export const currentMonths = 3;
/** Trading days of the windows below. */
export const windows = { beta: 252, sd: 63, momentum: 63, ma: 50, volume: 20 } as const;

export interface PriceSeries {
  /** YYYY-MM-DD, ascending. */
  dates: readonly string[];
  closes: readonly number[];
  volumes: readonly number[];
}

export interface CompanyFacts {
  symbol: string;
  name: string;
  sector: string;
  industry: string;
  /** An American depositary receipt (the ADR filter drops it). */
  adr: boolean;
  sharesOutstanding: number | null;
  /** Its fiscal quarters, ascending by report date: the figures of a day are `fundamentalsOn` them. */
  quarters: readonly ReportedQuarter[];
  /** Earnings dates, ascending (a calendar: scheduled dates are known ahead). */
  earnings: readonly string[];
}

export interface RatingFact {
  id: string;
  analystId: string;
  analystName: string;
  symbol: string;
  rating: 'buy' | 'sell';
  /** The New York day of publication. */
  publishedDay: string;
  target: number;
  entryPrice: number;
}

export interface ScanFacts {
  companies: ReadonlyMap<string, CompanyFacts>;
  series: ReadonlyMap<string, PriceSeries>;
  /** Ratings by sector of the rated company. */
  ratingsBySector: ReadonlyMap<string, readonly RatingFact[]>;
}

// ---------------------------------------------------------------- series as of a day

/** The number of entries dated on or before `day` (dates ascending). */
export function countUpTo(dates: readonly string[], day: string, length = dates.length): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (dates[mid]! <= day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A series cut to the days on or before `asOf` (no copy: a view by length). */
export interface SeriesView {
  series: PriceSeries;
  length: number;
}

export function seriesAsOf(series: PriceSeries | undefined, asOf: string): SeriesView | null {
  if (!series) return null;
  const length = countUpTo(series.dates, asOf);
  return length === 0 ? null : { series, length };
}

const lastClose = (view: SeriesView) => view.series.closes[view.length - 1]!;

// ---------------------------------------------------------------- the team

/**
 * Judges a rating with the closes known by `asOf` (shared `ratingOutcome`): the stock's closes of the
 * trading days after publication up to the horizon, against the sector ETF's closes of the same days.
 */
export function judgeAsOf(
  rating: RatingFact,
  stock: SeriesView | null,
  etf: SeriesView | null,
): { outcome: RatingOutcome; horizonEnded: boolean } {
  const closes: number[] = [];
  const etfCloses: number[] = [];
  let etfEntry = 0;
  if (stock) {
    const start = countUpTo(stock.series.dates, rating.publishedDay, stock.length);
    const end = Math.min(stock.length, start + ratingHorizonTradingDays);
    for (let i = start; i < end; i++) closes.push(stock.series.closes[i]!);
    if (etf) {
      const dates = etf.series.dates;
      let at = countUpTo(dates, rating.publishedDay, etf.length);
      if (at > 0) {
        etfEntry = etf.series.closes[at - 1]!;
        for (let i = start; i < end; i++, at++) {
          const day = stock.series.dates[i]!;
          while (at < etf.length && dates[at]! < day) at += 1;
          if (at >= etf.length || dates[at] !== day) break;
          etfCloses.push(etf.series.closes[at]!);
        }
      }
    }
  }
  return {
    outcome: ratingOutcome({
      rating: rating.rating,
      entryPrice: rating.entryPrice,
      target: rating.target,
      closes,
      etfEntry,
      etfCloses,
    }),
    horizonEnded: closes.length >= ratingHorizonTradingDays,
  };
}

export interface SectorJudgement {
  team: TeamMember[];
  /** Judged ratings of the sector published by `asOf`, by symbol. */
  judgedBySymbol: Map<string, { rating: RatingFact; outcome: RatingOutcome }[]>;
}

/** Judges the sector's ratings known by `asOf` and builds its team. */
export function judgeSector(
  facts: ScanFacts,
  sector: string,
  etf: string,
  asOf: string,
  params: TeamParams = analystTeamDefaults,
): SectorJudgement {
  const etfView = seriesAsOf(facts.series.get(etf), asOf);
  const views = new Map<string, SeriesView | null>();
  const byAnalyst = new Map<string, { published: string; outcome: RatingOutcome; horizonEnded: boolean }[]>();
  const judgedBySymbol = new Map<string, { rating: RatingFact; outcome: RatingOutcome }[]>();
  for (const rating of facts.ratingsBySector.get(sector) ?? []) {
    if (rating.publishedDay > asOf) continue;
    let view = views.get(rating.symbol);
    if (view === undefined)
      views.set(rating.symbol, (view = seriesAsOf(facts.series.get(rating.symbol), asOf)));
    const judged = judgeAsOf(rating, view, etfView);
    let list = byAnalyst.get(rating.analystId);
    if (!list) byAnalyst.set(rating.analystId, (list = []));
    list.push({ published: rating.publishedDay, ...judged });
    let bySymbol = judgedBySymbol.get(rating.symbol);
    if (!bySymbol) judgedBySymbol.set(rating.symbol, (bySymbol = []));
    bySymbol.push({ rating, outcome: judged.outcome });
  }
  const candidates = [...byAnalyst].map(([analystId, ratings]) => ({ analystId, ratings }));
  return { team: analystTeam(candidates, asOf, params), judgedBySymbol };
}

// ---------------------------------------------------------------- per-symbol facts as of a day

export interface SymbolFigures {
  symbol: string;
  close: number;
  marketCap: number | null;
  beta: number | null;
  /** Annualised standard deviation of daily returns (0.25 = 25%). */
  sd: number | null;
  /** Return over `windows.momentum` trading days (0.1 = +10%). */
  momentum: number | null;
  /** Close over its `windows.ma`-day average. */
  maRatio: number | null;
  /** The sector ETF's close/MA ratio less SPY's. */
  maEtfSpy: number | null;
  avgVolume: number | null;
  eps: number | null;
  roe: number | null;
  pe: number | null;
  pb: number | null;
  currentRatio: number | null;
  nextEarning: string | null;
}

function maRatioOf(view: SeriesView | null): number | null {
  if (!view || view.length < windows.ma) return null;
  let sum = 0;
  for (let i = view.length - windows.ma; i < view.length; i++) sum += view.series.closes[i]!;
  return lastClose(view) / (sum / windows.ma);
}

/** Daily returns of the last `n` days of a view, keyed by the day they end on. */
function returnsByDay(view: SeriesView, n: number): Map<string, number> {
  const out = new Map<string, number>();
  const from = Math.max(1, view.length - n);
  for (let i = from; i < view.length; i++)
    out.set(view.series.dates[i]!, view.series.closes[i]! / view.series.closes[i - 1]! - 1);
  return out;
}

/** Beta of the stock against the market (SPY) over `windows.beta` days: cov(r, m) / var(m). */
export function betaOf(
  stock: SeriesView,
  market: SeriesView,
  spyReturns?: Map<string, number>,
): number | null {
  const marketReturns = spyReturns ?? returnsByDay(market, windows.beta);
  const from = Math.max(1, stock.length - windows.beta);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = from; i < stock.length; i++) {
    const m = marketReturns.get(stock.series.dates[i]!);
    if (m === undefined) continue;
    xs.push(m);
    ys.push(stock.series.closes[i]! / stock.series.closes[i - 1]! - 1);
  }
  if (xs.length < 20) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let cov = 0;
  let vx = 0;
  for (let i = 0; i < xs.length; i++) {
    cov += (xs[i]! - mx) * (ys[i]! - my);
    vx += (xs[i]! - mx) ** 2;
  }
  return vx === 0 ? null : cov / vx;
}

/** Annualised standard deviation of the last `windows.sd` daily returns (sample). */
export function sdOf(view: SeriesView): number | null {
  if (view.length < 21) return null;
  const from = Math.max(1, view.length - windows.sd);
  const returns: number[] = [];
  for (let i = from; i < view.length; i++)
    returns.push(view.series.closes[i]! / view.series.closes[i - 1]! - 1);
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(252);
}

export interface MarketContext {
  spy: SeriesView | null;
  spyReturns: Map<string, number>;
  spyMaRatio: number | null;
}

export function marketContext(facts: ScanFacts, asOf: string): MarketContext {
  const spy = seriesAsOf(facts.series.get('SPY'), asOf);
  return { spy, spyReturns: spy ? returnsByDay(spy, windows.beta) : new Map(), spyMaRatio: maRatioOf(spy) };
}

/** The figures of a symbol known by `asOf`; null without a close by then. */
export function figuresOf(
  facts: ScanFacts,
  symbol: string,
  etf: string,
  asOf: string,
  market: MarketContext,
): SymbolFigures | null {
  const company = facts.companies.get(symbol);
  const view = seriesAsOf(facts.series.get(symbol), asOf);
  if (!company || !view) return null;
  const close = lastClose(view);
  const fundamentals = fundamentalsOn(company.quarters, asOf, close);
  let avgVolume: number | null = null;
  if (view.length >= 1) {
    const from = Math.max(0, view.length - windows.volume);
    let sum = 0;
    for (let i = from; i < view.length; i++) sum += view.series.volumes[i]!;
    avgVolume = sum / (view.length - from);
  }
  const etfRatio = maRatioOf(seriesAsOf(facts.series.get(etf), asOf));
  const nextEarning = company.earnings[countUpTo(company.earnings, shiftDays(asOf, -1))] ?? null;
  return {
    symbol,
    close,
    marketCap: company.sharesOutstanding === null ? null : company.sharesOutstanding * close,
    beta: market.spy ? betaOf(view, market.spy, market.spyReturns) : null,
    sd: sdOf(view),
    momentum:
      view.length > windows.momentum
        ? close / view.series.closes[view.length - 1 - windows.momentum]! - 1
        : null,
    maRatio: maRatioOf(view),
    maEtfSpy: etfRatio === null || market.spyMaRatio === null ? null : etfRatio - market.spyMaRatio,
    avgVolume,
    eps: fundamentals?.eps ?? null,
    roe: fundamentals?.roe ?? null,
    pe: fundamentals?.pe ?? null,
    pb: fundamentals?.pb ?? null,
    currentRatio: fundamentals?.currentRatio ?? null,
    nextEarning,
  };
}

// ---------------------------------------------------------------- analyst facts of a symbol

export interface AnalystFigures {
  /** Team members whose current rating of the symbol is buy, best first. */
  teamBuyers: TeamMember[];
  teamSize: number;
  /** Current ratings by every analyst (an analyst's newest counts). */
  currentBuys: RatingFact[];
  currentSells: RatingFact[];
  /** The symbol's decided buy ratings of the team's look-back, and how many succeeded. */
  decided: number;
  successes: number;
}

/** The newest rating of each analyst on each symbol, published in the `currentMonths` up to `asOf`. */
export function currentRatings(ratings: readonly RatingFact[], asOf: string): Map<string, RatingFact[]> {
  const from = shiftMonths(asOf, -currentMonths);
  const newest = new Map<string, RatingFact>();
  for (const rating of ratings) {
    if (rating.publishedDay > asOf || rating.publishedDay <= from) continue;
    const key = `${rating.symbol}|${rating.analystId}`;
    const seen = newest.get(key);
    if (
      !seen ||
      seen.publishedDay < rating.publishedDay ||
      (seen.publishedDay === rating.publishedDay && seen.id < rating.id)
    )
      newest.set(key, rating);
  }
  const bySymbol = new Map<string, RatingFact[]>();
  for (const rating of newest.values()) {
    let list = bySymbol.get(rating.symbol);
    if (!list) bySymbol.set(rating.symbol, (list = []));
    list.push(rating);
  }
  return bySymbol;
}

export function analystFiguresOf(
  symbol: string,
  judgement: SectorJudgement,
  current: ReadonlyMap<string, readonly RatingFact[]>,
  asOf: string,
  params: TeamParams = analystTeamDefaults,
): AnalystFigures {
  const ratings = current.get(symbol) ?? [];
  const buys = ratings.filter((rating) => rating.rating === 'buy');
  const buyers = new Set(buys.map((rating) => rating.analystId));
  const lookbackStart = shiftMonths(asOf, -12 * params.lookbackYears);
  let decided = 0;
  let successes = 0;
  for (const { rating, outcome } of judgement.judgedBySymbol.get(symbol) ?? []) {
    if (rating.rating !== 'buy' || rating.publishedDay <= lookbackStart || !outcome.decided) continue;
    decided += 1;
    if (outcome.success) successes += 1;
  }
  return {
    teamBuyers: judgement.team.filter((member) => buyers.has(member.analystId)),
    teamSize: judgement.team.length,
    currentBuys: buys,
    currentSells: ratings.filter((rating) => rating.rating === 'sell'),
    decided,
    successes,
  };
}

/** The upside of the current buys' mean price target over the close, in percent; null without one. */
export function upsideOf(analyst: AnalystFigures, close: number): number | null {
  if (analyst.currentBuys.length === 0 || close <= 0) return null;
  const target =
    analyst.currentBuys.reduce((sum, rating) => sum + rating.target, 0) / analyst.currentBuys.length;
  return round((target / close - 1) * 100, 2);
}

// ---------------------------------------------------------------- filters

/** Condition codes (spec 002 §5): 0 none, 1 max only, 2 min only, 3 both. Unknown values fail an active range. */
export function inRange(value: number | null, range: ScreenerRange): boolean {
  if (range.condition === 0) return true;
  if (value === null) return false;
  const checkMin = range.condition === 2 || range.condition === 3;
  const checkMax = range.condition === 1 || range.condition === 3;
  if (checkMin && range.min !== null && range.min !== undefined && value < range.min) return false;
  if (checkMax && range.max !== null && range.max !== undefined && value > range.max) return false;
  return true;
}

/** Days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The setting's filters; the reason a symbol fails, or null when it passes. Market cap is in millions
 * of dollars, volume the 20-day average in shares, beta against SPY over a year; an unknown figure fails
 * an active filter.
 */
export function filterFailure(
  company: CompanyFacts,
  figures: SymbolFigures,
  analyst: AnalystFigures,
  upside: number | null,
  filters: ScanFilters,
  asOf: string,
): string | null {
  if (filters.excludeNoRatings && analyst.teamBuyers.length === 0) return 'no team buy';
  if (!inRange(figures.beta, filters.screeners.beta)) return 'beta';
  if (!inRange(figures.marketCap === null ? null : figures.marketCap / 1e6, filters.screeners.marketCap))
    return 'marketCap';
  if (!inRange(figures.avgVolume, filters.screeners.volume)) return 'volume';
  if (filters.daysToEarning !== null && figures.nextEarning !== null) {
    if (daysBetween(asOf, figures.nextEarning) < filters.daysToEarning) return 'daysToEarning';
  }
  if (filters.minUpside !== null && (upside === null || upside < filters.minUpside)) return 'minUpside';
  if (filters.minEps !== null && (figures.eps === null || figures.eps < filters.minEps)) return 'minEps';
  if (filters.minRoe !== null && (figures.roe === null || figures.roe < filters.minRoe)) return 'minRoe';
  if (filters.filterAdr && company.adr) return 'filterAdr';
  if (filters.removeIfAnyShort && analyst.currentSells.length > 0) return 'removeIfAnyShort';
  return null;
}

// ---------------------------------------------------------------- factors and scores

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);
/** The score of an unknown figure: neither for nor against. */
export const neutralScore = 0.5;
const scaled = (value: number | null, f: (v: number) => number) =>
  value === null || !Number.isFinite(value) ? neutralScore : clamp01(f(value));

export type FactorValues = Record<ScoreFactorName, { value: number | null; score: number }>;

/**
 * The 16 factors (spec 001 §3), each a raw value and a 0..1 score (1 is best; for the risk factors,
 * 1 is the safest). Unknown figures score `neutralScore`.
 *
 * | factor        | value                                                                      | score                          |
 * | ------------- | -------------------------------------------------------------------------- | ------------------------------ |
 * | team          | team members currently rating buy                                          | buyers / team size             |
 * | outperform    | mean outperform rate of those members (0..1)                                | the rate (0 without buyers)    |
 * | positive_pl   | share of the symbol's decided buy ratings of the look-back that succeeded   | the share (unknown: neutral)   |
 * | number_rec    | current buys less current sells, every analyst                             | net / 5                        |
 * | algorithm     | ours: mean grade (1..7) of the buying members: the team's conviction       | (grade − 1) / 6 (0 without)    |
 * | momentum      | return over 63 trading days                                                | 0.5 + r / 0.4                  |
 * | pe            | reported P/E                                                               | 1 − pe / 50 (pe ≤ 0: 0)        |
 * | pb            | reported P/B                                                               | 1 − pb / 10 (pb ≤ 0: 0)        |
 * | currentratio  | reported current ratio                                                     | ratio / 2                      |
 * | beta          | beta against SPY over 252 trading days                                     | (2 − beta) / 2                 |
 * | top_mc        | market cap (shares × close), $                                             | (log10(cap) − 9) / 3: $1B→0, $1T→1 |
 * | sd            | annualised sd of 63 daily returns                                          | 1 − sd / 0.6                   |
 * | ma_ratio      | close / 50-day average                                                     | 0.5 + (ratio − 1) / 0.2        |
 * | ma_etf_spy    | sector ETF's close/MA50 less SPY's                                         | 0.5 + diff / 0.1               |
 * | eps           | reported EPS, $                                                            | eps / 10                       |
 * | roe           | reported ROE, %                                                            | roe / 30                       |
 * (all scores clamped to 0..1)
 */
export function factorScores(figures: SymbolFigures, analyst: AnalystFigures): FactorValues {
  const buyers = analyst.teamBuyers;
  const meanOf = (values: number[]) =>
    values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
  const outperform = meanOf(buyers.map((member) => member.outperformRate));
  const grade = meanOf(buyers.map((member) => member.grade));
  const positivePl = analyst.decided === 0 ? null : analyst.successes / analyst.decided;
  const net = analyst.currentBuys.length - analyst.currentSells.length;
  return {
    team: { value: buyers.length, score: analyst.teamSize === 0 ? 0 : buyers.length / analyst.teamSize },
    outperform: { value: outperform, score: outperform === null ? 0 : clamp01(outperform) },
    positive_pl: { value: positivePl, score: scaled(positivePl, (v) => v) },
    number_rec: { value: net, score: clamp01(net / 5) },
    algorithm: { value: grade, score: grade === null ? 0 : clamp01((grade - 1) / 6) },
    momentum: { value: figures.momentum, score: scaled(figures.momentum, (v) => 0.5 + v / 0.4) },
    pe: { value: figures.pe, score: scaled(figures.pe, (v) => (v <= 0 ? 0 : 1 - v / 50)) },
    pb: { value: figures.pb, score: scaled(figures.pb, (v) => (v <= 0 ? 0 : 1 - v / 10)) },
    currentratio: { value: figures.currentRatio, score: scaled(figures.currentRatio, (v) => v / 2) },
    beta: { value: figures.beta, score: scaled(figures.beta, (v) => (2 - v) / 2) },
    top_mc: {
      value: figures.marketCap,
      score: scaled(figures.marketCap, (v) => (v <= 0 ? 0 : (Math.log10(v) - 9) / 3)),
    },
    sd: { value: figures.sd, score: scaled(figures.sd, (v) => 1 - v / 0.6) },
    ma_ratio: { value: figures.maRatio, score: scaled(figures.maRatio, (v) => 0.5 + (v - 1) / 0.2) },
    ma_etf_spy: { value: figures.maEtfSpy, score: scaled(figures.maEtfSpy, (v) => 0.5 + v / 0.1) },
    eps: { value: figures.eps, score: scaled(figures.eps, (v) => v / 10) },
    roe: { value: figures.roe, score: scaled(figures.roe, (v) => v / 30) },
  };
}

/** The factors of each normalized score (the rank dialog's gauges). */
export const factorGroups = {
  analystTeamScore: ['team', 'outperform', 'positive_pl', 'number_rec', 'algorithm'],
  risk: ['beta', 'sd', 'top_mc'],
  marketScore: ['momentum', 'ma_ratio', 'ma_etf_spy'],
  fundumentalScore: ['pe', 'pb', 'currentratio', 'eps', 'roe'],
} as const satisfies Record<string, readonly ScoreFactorName[]>;

/**
 * The weighted mean of factor scores, 0..100: a negative weight counts the factor against (1 − score),
 * with the weight's size. With every weight 0, 0.
 */
export function weightedScore(
  factors: FactorValues,
  names: readonly ScoreFactorName[],
  weights: Readonly<ScoreWeights>,
): number {
  let sum = 0;
  let total = 0;
  for (const name of names) {
    const weight = weights[name];
    if (weight === 0) continue;
    const score = factors[name].score;
    sum += Math.abs(weight) * (weight > 0 ? score : 1 - score);
    total += Math.abs(weight);
  }
  return total === 0 ? 0 : (sum / total) * 100;
}

const equalWeights = Object.fromEntries(scoreFactorNames.map((name) => [name, 1])) as ScoreWeights;

/** A group's score by its weights; a group whose weights are all 0 is shown by equal weights. */
function groupScore(
  factors: FactorValues,
  names: readonly ScoreFactorName[],
  weights: Readonly<ScoreWeights>,
) {
  return names.some((name) => weights[name] !== 0)
    ? weightedScore(factors, names, weights)
    : weightedScore(factors, names, equalWeights);
}

export const round = (x: number, places = 1) => Math.round(x * 10 ** places) / 10 ** places;

export function riskWordOf(risk: number): NormalizedScores['riskWord'] {
  return risk < 34 ? 'Low' : risk < 67 ? 'Medium' : 'High';
}

/** The four normalized scores and the total, 0..100 to one place. Risk is 100 less the safety of its factors. */
export function scoreOf(
  factors: FactorValues,
  weights: Readonly<ScoreWeights> = defaultScoreWeights,
): { totalScore: number; normalizedScores: NormalizedScores } {
  const risk = round(100 - groupScore(factors, factorGroups.risk, weights));
  return {
    totalScore: round(weightedScore(factors, scoreFactorNames, weights)),
    normalizedScores: {
      analystTeamScore: round(groupScore(factors, factorGroups.analystTeamScore, weights)),
      risk,
      marketScore: round(groupScore(factors, factorGroups.marketScore, weights)),
      fundumentalScore: round(groupScore(factors, factorGroups.fundumentalScore, weights)),
      riskWord: riskWordOf(risk),
    },
  };
}

// ---------------------------------------------------------------- one sector, whole

export interface SectorScanInput {
  sector: string;
  etf: string;
  /** The universe's symbols. */
  universe: ReadonlySet<string>;
  asOf: string;
  filters: ScanFilters;
  count: number;
  teamParams?: TeamParams;
  weights?: Readonly<ScoreWeights>;
  /** The caller's portfolio symbols (in_file). */
  inFile?: ReadonlySet<string>;
}

/** The pieces of a sector scan, so the caller can report each phase. */
export function sectorCandidates(
  facts: ScanFacts,
  input: SectorScanInput,
  judgement: SectorJudgement,
  current: ReadonlyMap<string, readonly RatingFact[]> = currentRatings(
    facts.ratingsBySector.get(input.sector) ?? [],
    input.asOf,
  ),
) {
  const symbols: string[] = [];
  for (const symbol of input.universe) {
    const company = facts.companies.get(symbol);
    if (!company || company.sector !== input.sector) continue;
    if (input.filters.excludeNoRatings) {
      const buyers = (current.get(symbol) ?? []).some(
        (rating) =>
          rating.rating === 'buy' && judgement.team.some((member) => member.analystId === rating.analystId),
      );
      if (!buyers) continue;
    }
    symbols.push(symbol);
  }
  return { symbols: symbols.sort(), current };
}

export interface Evaluated {
  row: OpportunityRow;
  failure: string | null;
}

/** A candidate's row and the filter it fails (null: it passes); null without a close by `asOf`. */
export function evaluate(
  facts: ScanFacts,
  input: SectorScanInput,
  symbol: string,
  judgement: SectorJudgement,
  current: ReadonlyMap<string, readonly RatingFact[]>,
  market: MarketContext,
  figuresCache?: Map<string, SymbolFigures | null>,
): Evaluated | null {
  const company = facts.companies.get(symbol);
  if (!company) return null;
  let figures = figuresCache?.get(symbol);
  if (figures === undefined) {
    figures = figuresOf(facts, symbol, input.etf, input.asOf, market);
    figuresCache?.set(symbol, figures);
  }
  if (!figures) return null;
  const analyst = analystFiguresOf(symbol, judgement, current, input.asOf, input.teamParams);
  const upside = upsideOf(analyst, figures.close);
  const factors = factorScores(figures, analyst);
  const { totalScore, normalizedScores } = scoreOf(factors, input.weights ?? defaultScoreWeights);
  const names = new Map(analyst.currentBuys.map((rating) => [rating.analystId, rating.analystName]));
  return {
    failure: filterFailure(company, figures, analyst, upside, input.filters, input.asOf),
    row: {
      ticker: symbol,
      company: company.name,
      rawSector: company.sector,
      industry: company.industry,
      marketCap: figures.marketCap === null ? null : Math.round(figures.marketCap),
      earningDate: figures.nextEarning,
      analysts: analyst.teamBuyers
        .map((member) => names.get(member.analystId) ?? member.analystId)
        .join(', '),
      lastPrice: figures.close,
      upside,
      totalScore,
      in_file: input.inFile?.has(symbol) ?? false,
      normalizedScores,
      factors: Object.fromEntries(
        scoreFactorNames.map((name) => [
          name,
          {
            value: factors[name].value === null ? null : round(factors[name].value!, 4),
            score: round(factors[name].score, 4),
          },
        ]),
      ) as FactorValues,
    },
  };
}

/** Best first: total score, then ticker. */
export const byScore = (a: OpportunityRow, b: OpportunityRow) =>
  b.totalScore - a.totalScore || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0);

/**
 * A scan's rows of every sector as one list, best first, each with its sector: the picks of a scan over
 * several sectors (the strategy backtest's portfolios, the demo file's longs).
 */
export function rankAcrossSectors(
  opportunities: Readonly<Record<string, readonly OpportunityRow[]>>,
): (OpportunityRow & { sector: string })[] {
  return Object.entries(opportunities)
    .flatMap(([sector, rows]) => rows.map((row) => ({ ...row, sector })))
    .sort(byScore);
}

/** One sector of a scan, whole: its rows passing every filter, best first, at most `count`. */
export function scanSector(facts: ScanFacts, input: SectorScanInput): OpportunityRow[] {
  const judgement = judgeSector(facts, input.sector, input.etf, input.asOf, input.teamParams);
  const { symbols, current } = sectorCandidates(facts, input, judgement);
  const market = marketContext(facts, input.asOf);
  const rows: OpportunityRow[] = [];
  for (const symbol of symbols) {
    const evaluated = evaluate(facts, input, symbol, judgement, current, market);
    if (evaluated && evaluated.failure === null) rows.push(evaluated.row);
  }
  return rows.sort(byScore).slice(0, input.count);
}
