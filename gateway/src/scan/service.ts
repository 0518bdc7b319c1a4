import { sectors } from '@insight/shared';
import { analystTeamDefaults, type TeamParams } from '@insight/shared/analysts/team';
import {
  byScore,
  evaluate,
  judgeSector,
  marketContext,
  sectorCandidates,
  currentRatings,
  type RatingFact,
  type MarketContext,
  type ScanFacts,
  type SectorJudgement,
  type SectorScanInput,
  type SymbolFigures,
} from '@insight/shared/scan/engine';
import {
  defaultScoreWeights,
  scanFiltersSchema,
  scanMessages,
  scannerSettingBodySchema,
  scanPhases,
  type OpportunityRow,
  type ReportParams,
  type ScanFilterOverrides,
  type ScannerSetting,
  type ScannerSettingBody,
  type ScanPhase,
  type ScanProgress,
  type ScanResponse,
  type ScanSector,
  type ScoreWeights,
} from '@insight/shared/scan/schemas';
import type { Db } from '../platform/db';
import { HttpError } from '../platform/errors';
import { universesRepo } from '../universes/repo';
import { scanRepo, type FactsStamp } from './repo';

const notFound = (message: string) => new HttpError(404, message);

// ---------------------------------------------------------------- settings

function settingOf(row: {
  id: number;
  name: string;
  description: string;
  filters: unknown;
  updated_at: Date;
}): ScannerSetting {
  return {
    ...scanFiltersSchema.parse(row.filters ?? {}),
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    updated: row.updated_at.toISOString(),
  };
}

/** Scanner settings (spec 002 §7.5): per user; another user's setting does not exist for the caller. */
export class ScannerSettingsService {
  private readonly repo;
  constructor(db: Db) {
    this.repo = scanRepo(db);
  }

  async list(userId: number) {
    return (await this.repo.settingsOf(userId)).map(settingOf);
  }

  async get(userId: number, id: number) {
    const row = await this.repo.setting(userId, id);
    if (!row) throw notFound(scanMessages.settingNotFound);
    return settingOf(row);
  }

  async create(userId: number, body: ScannerSettingBody) {
    const { name, description, ...filters } = scannerSettingBodySchema.parse(body);
    const id = await this.repo.createSetting(userId, name, description, filters);
    return { status: true as const, id, _id: id };
  }

  async update(userId: number, id: number, body: ScannerSettingBody) {
    const { name, description, ...filters } = scannerSettingBodySchema.parse(body);
    if (!(await this.repo.updateSetting(userId, id, name, description, filters)))
      throw notFound(scanMessages.settingNotFound);
    return { status: true as const, id, _id: id };
  }
}

// ---------------------------------------------------------------- the scan's caches

interface LoadedFacts {
  stamp: string;
  parts: FactsStamp;
  facts: ScanFacts;
  /** The newest trading day of the closes: a scan without a date is as of it. */
  newestDay: string;
}

/**
 * What a repeated scan need not compute again. The facts are loaded whole once (three bulk queries) and
 * kept while their fingerprint (`scanRepo.stamp`: ingest cursors, ratings, SPY's newest bar, companies, quarters) is unchanged;
 * per day, each sector's judgement (its team) and each symbol's figures are kept too. A change of the
 * facts drops everything.
 */
export class ScanCache {
  loaded: LoadedFacts | null = null;
  private loading: Promise<LoadedFacts> | null = null;
  /** The load started when the gateway is ready (awaited on close). */
  warming: Promise<unknown> | null = null;
  /** The compact rows being rewritten (awaited on close). */
  folding: Promise<void> | null = null;
  readonly judgements = new Map<string, SectorJudgement>();
  readonly figures = new Map<string, Map<string, SymbolFigures | null>>();
  readonly markets = new Map<string, MarketContext>();
  /** Each sector's current ratings per day. */
  readonly current = new Map<string, ReadonlyMap<string, readonly RatingFact[]>>();

  async facts(db: Db, onPhase: (phase: ScanPhase) => void): Promise<LoadedFacts> {
    const stamp = await scanRepo(db).stamp();
    const same = (a: FactsStamp | undefined) =>
      a?.companies === stamp.companies &&
      a.quarters === stamp.quarters &&
      a.ratings === stamp.ratings &&
      a.bars === stamp.bars;
    if (!same(this.loaded?.parts)) {
      if (!this.loading) {
        this.loading = this.load(db, stamp, onPhase).finally(() => {
          this.loading = null;
        });
        return this.loading;
      }
      await this.loading;
    }
    for (const phase of scanPhases.slice(0, 3)) onPhase(phase);
    return this.loaded!;
  }

  /** Loads what changed since the facts in memory (each kind in one query), keeping the rest. */
  private async load(db: Db, parts: FactsStamp, onPhase: (phase: ScanPhase) => void): Promise<LoadedFacts> {
    const repo = scanRepo(db);
    const previous = this.loaded;
    onPhase(scanPhases[0]);
    const companies =
      previous && previous.parts.companies === parts.companies && previous.parts.quarters === parts.quarters
        ? previous.facts.companies
        : await repo.companies();
    onPhase(scanPhases[1]);
    const ratingsBySector =
      previous && previous.parts.ratings === parts.ratings
        ? previous.facts.ratingsBySector
        : await repo.ratings();
    onPhase(scanPhases[2]);
    let series = previous?.facts.series;
    if (!previous || previous.parts.bars !== parts.bars) {
      const read = await repo.series();
      series = read.series;
      // Fold the bars read beyond the compact rows into them, in the background: the next load reads less.
      if (read.stale.length > 0) this.folding = repo.fold(read.series, read.stale).catch(() => undefined);
    }
    let newestDay = '';
    for (const { dates } of series!.values()) {
      const last = dates[dates.length - 1];
      if (last !== undefined && last > newestDay) newestDay = last;
    }
    this.judgements.clear();
    this.figures.clear();
    this.markets.clear();
    this.current.clear();
    const stamp = `${parts.companies}#${parts.quarters}#${parts.ratings}#${parts.bars}`;
    this.loaded = { stamp, parts, facts: { companies, series: series!, ratingsBySector }, newestDay };
    return this.loaded;
  }

  /**
   * The start's warm-up: the facts, then each sector's team as of the newest day with the default
   * parameters (what a scan without admin parameters asks for).
   */
  async warmUp(db: Db) {
    const loaded = await this.facts(db, () => {});
    // No daily bar yet (a first start before its backfill): nothing to judge as of no day.
    if (loaded.newestDay === '') return;
    for (const sector of sectors) {
      const key = judgementKey(loaded.stamp, loaded.newestDay, sector.name, analystTeamDefaults);
      if (!this.judgements.has(key))
        this.remember(
          this.judgements,
          key,
          judgeSector(loaded.facts, sector.name, sector.symbol, loaded.newestDay),
        );
      await yieldToEventLoop();
    }
  }

  /** Forgets everything in memory (the bench measures a scan with nothing cached). */
  reset() {
    this.loaded = null;
    this.judgements.clear();
    this.figures.clear();
    this.markets.clear();
    this.current.clear();
  }

  /** Bounded: the oldest entries go first. */
  remember<V>(map: Map<string, V>, key: string, value: V, max = 400) {
    if (map.size >= max) map.delete(map.keys().next().value!);
    map.set(key, value);
    return value;
  }
}

// ---------------------------------------------------------------- the scan

export interface ScanDeps {
  db: Db;
  cache: ScanCache;
}

/** The universe id that stands for every symbol of the system. */
export const allSymbols = 0;

export interface ScanParams {
  scanId: string;
  userId: number;
  isAdmin: boolean;
  universeId: number;
  settingId?: number;
  /** System sector ids (shared `sectors`). */
  sectorIds: readonly number[];
  count: number;
  /** A past day (YYYY-MM-DD); the newest trading day when absent. */
  date?: string;
  /** The screen's tickerSelectionParams: override the setting's filters. */
  filters?: ScanFilterOverrides;
  /** Admins only (spec 001 §6): team parameters and score weights; ignored for others. */
  reportParams?: ReportParams;
}

export type ScanEvent = { type: 'progress'; payload: ScanProgress } | { type: 'sector'; payload: ScanSector };

function teamParamsOf(report: ReportParams | undefined): TeamParams {
  return {
    ...analystTeamDefaults,
    ...(report?.teamThreshold !== undefined ? { minDecided: report.teamThreshold } : {}),
    ...(report?.minRatio !== undefined ? { minSuccessRate: report.minRatio } : {}),
    ...(report?.minMonthAvg !== undefined ? { minOutperformRate: report.minMonthAvg } : {}),
  };
}

const aborted = (signal?: AbortSignal) => {
  if (signal?.aborted) throw new HttpError(499, 'The scan was cancelled');
};

/**
 * The refusals of a scan's inputs (no sector, a universe or setting the caller cannot see), checked
 * before it is queued as a job so that the caller gets them as 400/404, and again when it runs.
 */
export async function checkScan(deps: ScanDeps, params: ScanParams) {
  const chosen = sectors.filter((sector) => params.sectorIds.includes(sector.id));
  if (chosen.length === 0) throw new HttpError(400, scanMessages.noSectors, 'sectors');
  const universes = universesRepo(deps.db);
  // Universe 0 is every symbol of the system (the Market Data report's "all").
  if (params.universeId !== allSymbols) {
    const universe = await universes.findVisible(params.universeId, await universes.accountOf(params.userId));
    if (!universe) throw notFound(scanMessages.unknownUniverse);
  }
  let settingFilters = scanFiltersSchema.parse({});
  if (params.settingId !== undefined) {
    const row = await scanRepo(deps.db).setting(params.userId, params.settingId);
    if (!row) throw notFound(scanMessages.settingNotFound);
    settingFilters = scanFiltersSchema.parse(row.filters ?? {});
  }
  return { chosen, settingFilters };
}

/**
 * One opportunity scan (spec 002 §2.3, §7.5), as a plain async function so a job runner can wrap it.
 * Phases come in the run stage's order: the three loads, then each phase over every sector in turn;
 * each sector's rows are reported as soon as they are calculated.
 */
export async function runScan(
  deps: ScanDeps,
  params: ScanParams,
  onProgress: (event: ScanEvent) => void = () => {},
  signal?: AbortSignal,
): Promise<ScanResponse> {
  const repo = scanRepo(deps.db);
  const { chosen, settingFilters } = await checkScan(deps, params);
  let filters = settingFilters;
  const total = chosen.length;
  const progress = (phase: ScanPhase, sector: string | null, done: number) =>
    onProgress({ type: 'progress', payload: { scanId: params.scanId, phase, sector, done, total } });

  const universes = universesRepo(deps.db);
  if (params.filters) {
    const { screeners, ...rest } = params.filters;
    const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    filters = scanFiltersSchema.parse({
      ...filters,
      ...defined,
      screeners: { ...filters.screeners, ...screeners },
    });
  }
  const [symbols, inFile] = await Promise.all([
    params.universeId === allSymbols
      ? []
      : params.date === undefined
        ? universes.symbolsOf(params.universeId)
        : universes.symbolsAsOf(params.universeId, params.date),
    repo.portfolioSymbols(params.userId),
  ]);
  aborted(signal);

  const { cache } = deps;
  const loaded = await cache.facts(deps.db, (phase) => progress(phase, null, 0));
  const { facts, stamp } = loaded;
  aborted(signal);
  if (loaded.newestDay === '')
    throw new HttpError(503, 'The market data is still being prepared. Please try again in a minute.');
  const asOf = params.date !== undefined && params.date < loaded.newestDay ? params.date : loaded.newestDay;
  const report = params.isAdmin ? params.reportParams : undefined;
  const teamParams = teamParamsOf(report);
  const weights: ScoreWeights = { ...defaultScoreWeights, ...(report?.weights ?? {}) };
  const universeSet = new Set(params.universeId === allSymbols ? facts.companies.keys() : symbols);

  const inputs: SectorScanInput[] = chosen.map((sector) => ({
    sector: sector.name,
    etf: sector.symbol,
    universe: universeSet,
    asOf,
    filters,
    count: params.count,
    teamParams,
    weights,
    inFile,
  }));

  // Building an analyst team: judge each sector's ratings known by the day (kept per day).
  const judgements: SectorJudgement[] = [];
  for (const [i, input] of inputs.entries()) {
    const key = judgementKey(stamp, asOf, input.sector, teamParams);
    judgements.push(
      cache.judgements.get(key) ??
        cache.remember(cache.judgements, key, judgeSector(facts, input.sector, input.etf, asOf, teamParams)),
    );
    progress(scanPhases[3], input.sector, i + 1);
    aborted(signal);
    await yieldToEventLoop();
  }

  // Applying filters: each candidate's figures (kept per day), its row and the filter it fails.
  const dayKey = `${stamp}|${asOf}`;
  const market =
    cache.markets.get(dayKey) ?? cache.remember(cache.markets, dayKey, marketContext(facts, asOf));
  const figures = cache.figures.get(dayKey) ?? cache.remember(cache.figures, dayKey, new Map());
  const passing: OpportunityRow[][] = [];
  for (const [i, input] of inputs.entries()) {
    const judgement = judgements[i]!;
    const currentKey = `${stamp}|${asOf}|${input.sector}`;
    const known =
      cache.current.get(currentKey) ??
      cache.remember(
        cache.current,
        currentKey,
        currentRatings(facts.ratingsBySector.get(input.sector) ?? [], asOf),
      );
    const { symbols: candidates, current } = sectorCandidates(facts, input, judgement, known);
    const rows: OpportunityRow[] = [];
    for (const symbol of candidates) {
      const evaluated = evaluate(facts, input, symbol, judgement, current, market, figures);
      if (evaluated && evaluated.failure === null) rows.push(evaluated.row);
    }
    passing.push(rows);
    progress(scanPhases[4], input.sector, i + 1);
    aborted(signal);
    await yieldToEventLoop();
  }

  // Calculating results: rank, cut to the count, report the sector.
  const opportunities: Record<string, OpportunityRow[]> = {};
  for (const [i, input] of inputs.entries()) {
    const rows = passing[i]!.sort(byScore).slice(0, params.count);
    opportunities[input.sector] = rows;
    progress(scanPhases[5], input.sector, i + 1);
    onProgress({ type: 'sector', payload: { scanId: params.scanId, sector: input.sector, rows } });
  }
  return { scanId: params.scanId, asOf, opportunities };
}

const judgementKey = (stamp: string, asOf: string, sector: string, params: TeamParams) =>
  `${stamp}|${asOf}|${sector}|${params.maxSize},${params.lookbackYears},${params.activeMonths},${params.minDecided},${params.minSuccessRate},${params.minOutperformRate}`;

/** Lets socket writes and other requests through between sectors. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
