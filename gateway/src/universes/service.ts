import {
  describeSystemUniverse,
  isReservedUniverseName,
  marketLimits,
  marketMessages,
  systemUniverses,
  type Universe,
  type UniverseSummary,
} from '@insight/shared/market/schemas';
import { can, type Role } from '@insight/shared';
import type { universeSaveBodySchema } from '@insight/shared/universes/schemas';
import {
  parseTickers,
  universeLimits,
  universeMessages,
  type UniverseHistory,
  type UniverseSaveResponse,
} from '@insight/shared/universes/schemas';
import type { z } from 'zod';
import type { Db } from '../platform/db';
import type { IndexMembershipRow } from '../platform/schema';
import { badRequest, conflict, forbidden, HttpError } from '../platform/errors';
import type { UniverseCsvRow } from './import';
import { universesRepo, type SymbolChange } from './repo';

export interface ImportSummary {
  id: number;
  name: string;
  created: boolean;
  total: number;
  added: number;
  removed: number;
  /** Symbols the companies table lacked, added with the file's name and sector. */
  companiesAdded: string[];
}

export interface RefreshSummary {
  name: string;
  total: number;
  added: number;
  removed: number;
  /** Symbols whose recorded changes were set to the days of their dated memberships. */
  redated: number;
}

/** Who is asking: the user and the roles the session read. */
export interface UniverseCaller {
  userId: number;
  roles: readonly Role[];
}

type SaveBody = z.output<typeof universeSaveBodySchema>;

/** A symbol that entered or left an index on a New York day (YYYY-MM-DD). */
interface DatedChange {
  symbol: string;
  change: SymbolChange;
  day: string;
}

const notFound = () => new HttpError(404, marketMessages.universeNotFound);
const isBuiltIn = (name: string) => builtInOrder.has(name);
const dayMs = 86_400_000;

const builtInOrder = new Map<string, number>(systemUniverses.map((universe, i) => [universe.name, i]));

/**
 * Universes (spec 002 §3, §7.5): the built-in system universes, materialised from the companies'
 * index memberships; system universes imported from a file; the user's own.
 */
export class UniversesService {
  private readonly repo;
  /** The companies' stamp the built-in universes were last refreshed from. */
  private freshFrom: string | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly db: Db) {
    this.repo = universesRepo(db);
  }

  /** The universes the user sees: built-in ones first (S&P500 leads), other system ones, then the user's. */
  async list(userId: number): Promise<UniverseSummary[]> {
    await this.ensureFresh();
    return this.visibleTo(userId);
  }

  /**
   * The same list as stored, without bringing the system universes up to date first: the signed-in
   * user's `universeList` (spec 000 §3), read at every sign-in, must not wait for a rebuild.
   */
  async visibleTo(userId: number): Promise<UniverseSummary[]> {
    const rows = await this.repo.visibleTo(await this.repo.accountOf(userId));
    const rank = (row: (typeof rows)[number]) =>
      builtInOrder.get(row.name) ?? (row.system ? builtInOrder.size : builtInOrder.size + 1);
    return rows
      .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
      .map((row) => ({
        id: row.id,
        name: row.name,
        system: row.system,
        updated: row.updated_at.toISOString(),
        tickers_count: row.tickers_count,
        description: row.description,
      }));
  }

  async get(userId: number, id: number): Promise<Universe> {
    await this.ensureFresh();
    const row = await this.repo.findVisible(id, await this.repo.accountOf(userId));
    if (!row) throw notFound();
    return {
      id: row.id,
      name: row.name,
      system: row.system,
      updated: row.updated_at.toISOString(),
      tickers: await this.repo.symbolsOf(row.id),
    };
  }

  /**
   * Creates a universe (spec 002 §6: client admins and system admins): the account's, shared with its
   * users, or with `system` (system admins only) a system one. Its symbols must all be known.
   */
  async create(caller: UniverseCaller, body: SaveBody): Promise<UniverseSaveResponse> {
    this.requireRight(caller, 'universes.edit');
    const system = body.system === true;
    if (system) this.requireRight(caller, 'universes.editSystem', universeMessages.systemReadOnly);
    const accountId = await this.repo.accountOf(caller.userId);
    if (!system && accountId === null) throw forbidden();
    return this.db.transaction().execute(async (trx) => {
      const name = await this.checkName(
        body.name,
        system ? { system: true } : { accountId: accountId! },
        null,
        trx,
      );
      const symbols = await this.resultingSymbols(body, [], trx);
      if (symbols.length === 0) throw badRequest(universeMessages.noTickers, 'tickers');
      const id = system
        ? await this.repo.createSystem(name, trx)
        : await this.repo.createForAccount(name, accountId!, caller.userId, trx);
      await this.repo.replaceSymbols(id, symbols, trx);
      return { status: true as const, msg: universeMessages.created, id, tickers_count: symbols.length };
    });
  }

  /**
   * Renames a universe and sets its symbols (spec 002 §6): the account's universes by its client
   * admins, system ones by system admins; the built-in ones follow their index and are not edited by hand.
   */
  async update(caller: UniverseCaller, id: number, body: SaveBody): Promise<UniverseSaveResponse> {
    this.requireRight(caller, 'universes.edit');
    const accountId = await this.repo.accountOf(caller.userId);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.repo.findVisible(id, accountId, trx);
      if (!row) throw notFound();
      if (row.system) {
        this.requireRight(caller, 'universes.editSystem', universeMessages.systemReadOnly);
        if (isBuiltIn(row.name)) throw conflict(universeMessages.builtInReadOnly(row.name));
      }
      const scope = row.system ? ({ system: true } as const) : { accountId: row.account_id! };
      const name = await this.checkName(body.name, scope, row.id, trx);
      const symbols = await this.resultingSymbols(body, await this.repo.symbolsOf(row.id, trx), trx);
      if (symbols.length === 0) throw badRequest(universeMessages.noTickers, 'tickers');
      const { added, removed } = await this.repo.replaceSymbols(row.id, symbols, trx);
      if (name !== row.name) await this.repo.rename(row.id, name, trx);
      else if (added > 0 || removed > 0) await this.repo.touch(row.id, trx);
      return {
        status: true as const,
        msg: universeMessages.saved,
        id: row.id,
        tickers_count: symbols.length,
      };
    });
  }

  /** Deletes one of the account's universes (spec 002 §6: never a system one). */
  async remove(caller: UniverseCaller, id: number) {
    this.requireRight(caller, 'universes.edit');
    const row = await this.repo.findVisible(id, await this.repo.accountOf(caller.userId));
    if (!row) throw notFound();
    if (row.system) throw forbidden(universeMessages.systemNotDeletable);
    if (!(await this.repo.remove(row.id))) throw notFound();
    return { status: true as const, msg: universeMessages.deleted };
  }

  /**
   * Which symbols entered and left a universe between two days (inclusive, UTC), newest first, with
   * how many it held before `from` and after `to`. Default: the last year to today.
   */
  async history(
    caller: UniverseCaller,
    id: number,
    range: { from?: string; to?: string },
  ): Promise<UniverseHistory> {
    this.requireRight(caller, 'tools.adminReports');
    await this.ensureFresh();
    const row = await this.repo.findVisible(id, await this.repo.accountOf(caller.userId));
    if (!row) throw notFound();
    const today = new Date().toISOString().slice(0, 10);
    const to = range.to ?? (range.from !== undefined && range.from > today ? range.from : today);
    const from =
      range.from ??
      new Date(Date.parse(to) - universeLimits.historyDefaultDays * dayMs).toISOString().slice(0, 10);
    if (from > to) throw badRequest(universeMessages.historyRange, 'from');
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + dayMs);
    const [changes, countAtFrom, countAtTo] = await Promise.all([
      this.repo.changesBetween(row.id, start, end),
      this.repo.countBefore(row.id, start),
      this.repo.countBefore(row.id, end),
    ]);
    return {
      id: row.id,
      name: row.name,
      system: row.system,
      from,
      to,
      count_at_from: countAtFrom,
      count_at_to: countAtTo,
      changes: changes.map((change) => ({
        symbol: change.symbol,
        change: change.change,
        at: change.at.toISOString(),
      })),
    };
  }

  private requireRight(caller: UniverseCaller, right: Parameters<typeof can>[1], message?: string) {
    if (!can(caller.roles, right)) throw forbidden(message);
  }

  /** The trimmed name, when it is free in its namespace and not a built-in universe's. */
  private async checkName(
    raw: string,
    scope: { system: true } | { accountId: number },
    exceptId: number | null,
    trx: Db,
  ) {
    const name = raw.trim();
    if (isReservedUniverseName(name)) throw conflict(universeMessages.nameReserved(name));
    if (await this.repo.nameTaken(name, scope, exceptId, trx))
      throw conflict(universeMessages.nameTaken(name));
    return name;
  }

  /**
   * The symbols a save leaves: (`current` ?? `tickers` ?? `held`) plus `added`, less `removed`; each
   * list split as the spec says. Tokens that cannot be symbols, and symbols the market data does not
   * know, are refused by name.
   */
  private async resultingSymbols(body: SaveBody, held: readonly string[], trx: Db) {
    const base = body.current ?? body.tickers;
    const parts = [parseTickers(base), parseTickers(body.added), parseTickers(body.removed)];
    const invalid = [...new Set(parts.flatMap((part) => part.invalid))];
    if (invalid.length > 0) throw badRequest(universeMessages.notSymbols(invalid), 'tickers');
    const [fromBase, added, removed] = parts.map((part) => part.tickers) as [string[], string[], string[]];
    const drop = new Set(removed);
    const symbols = [...new Set([...(base === undefined ? held : fromBase), ...added])].filter(
      (s) => !drop.has(s),
    );
    if (symbols.length > universeLimits.tickersMax)
      throw badRequest(universeMessages.tooManyTickers, 'tickers');
    const known = await this.repo.knownSymbols(symbols, trx);
    const unknown = symbols.filter((symbol) => !known.has(symbol));
    if (unknown.length > 0) throw badRequest(universeMessages.unknownTickers(unknown), 'tickers');
    return symbols;
  }

  /**
   * Makes each built-in universe hold the companies of its index and say what it holds, in one
   * transaction. Its changes are recorded on the days of the companies' dated memberships, past ones
   * included, so that its members of a past day can be read back; on the refresh's day when a
   * company's membership is not dated. Idempotent: a universe whose members did not change is not
   * written, and keeps its updated date.
   */
  async refreshSystemUniverses(): Promise<RefreshSummary[]> {
    return this.db.transaction().execute(async (trx) => {
      const memberships = await this.repo.indexMemberships(trx);
      const summaries: RefreshSummary[] = [];
      for (const universe of systemUniverses) {
        const symbols = memberships
          .filter((row) => row.indexes.includes(universe.index))
          .map((row) => row.symbol);
        const existing = await this.repo.findByName(universe.name, trx);
        // A reserved name can only be taken by a universe written before names were reserved; leave it be.
        if (existing && !existing.system) continue;
        const id = existing?.id ?? (await this.repo.createSystem(universe.name, trx));
        const dated = datedChanges(memberships, universe.index);
        const { added, removed } = await this.repo.replaceSymbols(id, symbols, trx, (symbol, change) =>
          latestDay(dated.get(symbol) ?? [], change),
        );
        const redated = await this.redate(id, dated, trx);
        if (existing && (added > 0 || removed > 0)) await this.repo.touch(id, trx);
        const newest = [...dated.values()]
          .flat()
          .reduce<string | null>(
            (latest, change) => (latest === null || change.day > latest ? change.day : latest),
            null,
          );
        await this.repo.describe(id, describeSystemUniverse(universe, symbols.length, newest), trx);
        summaries.push({ name: universe.name, total: symbols.length, added, removed, redated });
      }
      return summaries;
    });
  }

  /** Sets the recorded changes of the symbols with dated memberships to those days; how many it set. */
  private async redate(universeId: number, dated: ReadonlyMap<string, DatedChange[]>, trx: Db) {
    const recorded = new Map<string, DatedChange[]>();
    for (const row of await this.repo.recordedChanges(universeId, trx)) {
      recorded.set(row.symbol, [...(recorded.get(row.symbol) ?? []), row]);
    }
    const key = (changes: readonly DatedChange[]) =>
      changes
        .map((change) => `${change.day}:${change.change}`)
        .sort()
        .join(' ');
    const stale = [...dated].filter(([symbol, changes]) => key(recorded.get(symbol) ?? []) !== key(changes));
    await this.repo.rewriteChanges(
      universeId,
      stale.map(([symbol]) => symbol),
      stale.flatMap(([, changes]) => changes),
      trx,
    );
    return stale.length;
  }

  /**
   * Stores a system universe of exactly the file's symbols, in one transaction; importing the same
   * file again changes nothing. Symbols the companies table lacks get a minimal company row so that
   * search finds them. The built-in names are refused: those universes follow the index memberships.
   */
  async importUniverse(name: string, rows: readonly UniverseCsvRow[]): Promise<ImportSummary> {
    const trimmed = name.trim();
    if (trimmed === '') throw badRequest('please set universe name', 'name');
    if (trimmed.length > marketLimits.universeNameMax) {
      throw badRequest(`a universe name is at most ${marketLimits.universeNameMax} characters`, 'name');
    }
    if (isReservedUniverseName(trimmed)) {
      throw conflict(
        `"${trimmed}" is a built-in universe, kept from the companies' index memberships; import under another name`,
      );
    }
    if (rows.length === 0) throw badRequest('please set symbol names', 'tickers');
    const symbols = [...new Set(rows.map((row) => row.symbol))];
    return this.db.transaction().execute(async (trx) => {
      const existing = await this.repo.findByName(trimmed, trx);
      if (existing && !existing.system) {
        throw conflict(`"${trimmed}" is a user's universe; import under another name`);
      }
      const id = existing?.id ?? (await this.repo.createSystem(trimmed, trx));
      const { added, removed } = await this.repo.replaceSymbols(id, symbols, trx);
      const companiesAdded = await this.repo.insertMissingCompanies(rows, trx);
      if (existing && (added > 0 || removed > 0)) await this.repo.touch(id, trx);
      return { id, name: trimmed, created: !existing, total: symbols.length, added, removed, companiesAdded };
    });
  }

  /** Refreshes the built-in universes when the companies changed since the last refresh (single-flight). */
  private async ensureFresh() {
    const stamp = await this.repo.companiesStamp();
    if (stamp === this.freshFrom) return;
    this.refreshing ??= this.refreshSystemUniverses()
      .then(() => {
        this.freshFrom = stamp;
      })
      .finally(() => {
        this.refreshing = null;
      });
    await this.refreshing;
  }
}

/**
 * The dated changes of an index, per symbol: each dated membership entered and, when it ended, left.
 * A company's memberships are taken only when they agree with its indexes of today (open exactly when
 * it is a member); otherwise, or undated, its changes are recorded when they are seen.
 */
function datedChanges(
  companies: readonly {
    symbol: string;
    indexes: readonly string[];
    index_history: readonly IndexMembershipRow[];
  }[],
  index: string,
): Map<string, DatedChange[]> {
  const dated = new Map<string, DatedChange[]>();
  for (const { symbol, indexes, index_history } of companies) {
    const spans = index_history.filter((membership) => membership.index === index);
    if (spans.length === 0) continue;
    if (spans.some((membership) => membership.left === null) !== indexes.includes(index)) continue;
    dated.set(
      symbol,
      spans.flatMap(({ entered, left }) => [
        { symbol, change: 'entered' as const, day: entered },
        ...(left === null ? [] : [{ symbol, change: 'left' as const, day: left }]),
      ]),
    );
  }
  return dated;
}

/** The day of the latest change of that kind, if any. */
function latestDay(changes: readonly DatedChange[], change: SymbolChange) {
  return changes
    .filter((candidate) => candidate.change === change)
    .map((candidate) => candidate.day)
    .sort()
    .at(-1);
}
