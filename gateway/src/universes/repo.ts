import { sql } from 'kysely';
import type { Db } from '../platform/db';
import type { UniverseCsvRow } from './import';

/** Queries of the universes and their symbols. Writes take a `trx` so that a service composes one transaction. */
export function universesRepo(db: Db) {
  const withCounts = (trx: Db) =>
    trx
      .selectFrom('universes')
      .leftJoin('universe_symbols', 'universe_symbols.universe_id', 'universes.id')
      .select((eb) => [
        'universes.id',
        'universes.name',
        'universes.system',
        'universes.owner_user_id',
        'universes.updated_at',
        eb.fn.count<number>('universe_symbols.symbol').as('tickers_count'),
      ])
      .groupBy('universes.id');

  return {
    /** The system universes and those the user owns, with their symbol counts. */
    async visibleTo(userId: number) {
      const rows = await withCounts(db)
        .where((eb) => eb.or([eb('universes.system', '=', true), eb('universes.owner_user_id', '=', userId)]))
        .execute();
      return rows.map((row) => ({ ...row, tickers_count: Number(row.tickers_count) }));
    },

    async findVisible(id: number, userId: number) {
      return db
        .selectFrom('universes')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => eb.or([eb('system', '=', true), eb('owner_user_id', '=', userId)]))
        .executeTakeFirst();
    },

    async findByName(name: string, trx: Db = db) {
      return trx.selectFrom('universes').selectAll().where('name', '=', name).executeTakeFirst();
    },

    async symbolsOf(universeId: number, trx: Db = db) {
      const rows = await trx
        .selectFrom('universe_symbols')
        .select('symbol')
        .where('universe_id', '=', universeId)
        .orderBy('symbol')
        .execute();
      return rows.map((row) => row.symbol);
    },

    /** Creates a system universe of that name (or finds the one another writer just created); its id. */
    async createSystem(name: string, trx: Db = db) {
      const inserted = await trx
        .insertInto('universes')
        .values({ name, system: true, owner_user_id: null, updated_at: new Date() })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const existing = await trx
        .selectFrom('universes')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return existing.id;
    },

    /** Makes the universe hold exactly `symbols`; how many were added and removed (0 and 0: nothing changed). */
    async replaceSymbols(universeId: number, symbols: readonly string[], trx: Db = db) {
      const list = [...new Set(symbols)];
      const removed = await trx
        .deleteFrom('universe_symbols')
        .where('universe_id', '=', universeId)
        .where(sql<boolean>`symbol <> all(${list}::text[])`)
        .executeTakeFirst();
      const added = await sql`
        insert into universe_symbols (universe_id, symbol)
        select ${universeId}::integer, symbol from unnest(${list}::text[]) as symbol
        on conflict do nothing`.execute(trx);
      return { added: Number(added.numAffectedRows ?? 0), removed: Number(removed.numDeletedRows) };
    },

    async touch(universeId: number, trx: Db = db) {
      await trx
        .updateTable('universes')
        .set({ updated_at: new Date() })
        .where('id', '=', universeId)
        .execute();
    },

    /** Companies in at least one index, with their indexes. */
    async indexMemberships(trx: Db = db) {
      return trx
        .selectFrom('companies')
        .select(['symbol', 'indexes'])
        .where(sql<boolean>`cardinality(indexes) > 0`)
        .orderBy('symbol')
        .execute();
    },

    /** Changes whenever companies are written: their count and latest update. */
    async companiesStamp() {
      const row = await db
        .selectFrom('companies')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('updated_at').as('latest')])
        .executeTakeFirstOrThrow();
      return `${Number(row.count)}@${row.latest ? new Date(row.latest).toISOString() : ''}`;
    },

    /**
     * A minimal company row (name, sector, industry) for each symbol the companies table lacks, so that
     * search finds it; the ingestion replaces it with full data if the upstream knows the symbol.
     * Existing companies are left as they are. Returns the symbols added.
     */
    async insertMissingCompanies(rows: readonly UniverseCsvRow[], trx: Db = db) {
      if (rows.length === 0) return [];
      const inserted = await trx
        .insertInto('companies')
        .values(
          rows.map((row) => ({
            symbol: row.symbol,
            name: row.name,
            kind: 'stock' as const,
            sector: row.sector,
            industry: row.industry,
            exchange: 'N/A',
            description: '',
            indexes: [],
          })),
        )
        .onConflict((oc) => oc.column('symbol').doNothing())
        .returning('symbol')
        .execute();
      return inserted.map((row) => row.symbol).sort();
    },
  };
}

export type UniversesRepo = ReturnType<typeof universesRepo>;
