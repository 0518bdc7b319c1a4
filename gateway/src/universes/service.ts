import {
  isReservedUniverseName,
  marketLimits,
  marketMessages,
  systemUniverses,
  type Universe,
  type UniverseSummary,
} from '@insight/shared/market/schemas';
import type { Db } from '../platform/db';
import { badRequest, conflict, HttpError } from '../platform/errors';
import type { UniverseCsvRow } from './import';
import { universesRepo } from './repo';

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
}

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
    const rows = await this.repo.visibleTo(userId);
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
      }));
  }

  async get(userId: number, id: number): Promise<Universe> {
    await this.ensureFresh();
    const row = await this.repo.findVisible(id, userId);
    if (!row) throw new HttpError(404, marketMessages.universeNotFound);
    return {
      id: row.id,
      name: row.name,
      system: row.system,
      updated: row.updated_at.toISOString(),
      tickers: await this.repo.symbolsOf(row.id),
    };
  }

  /**
   * Makes each built-in universe hold the companies of its index, in one transaction. Idempotent:
   * a universe whose members did not change is not written, and keeps its updated date.
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
        const { added, removed } = await this.repo.replaceSymbols(id, symbols, trx);
        if (existing && (added > 0 || removed > 0)) await this.repo.touch(id, trx);
        summaries.push({ name: universe.name, total: symbols.length, added, removed });
      }
      return summaries;
    });
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
