import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../platform/db';
import type { Database } from '../platform/schema';
import type { UniverseCsvRow } from './import';

export type SymbolChange = 'entered' | 'left';

/** A symbol that entered or left a universe on a New York day (YYYY-MM-DD); now when `day` is absent. */
export interface ChangeToRecord {
  symbol: string;
  change: SymbolChange;
  day?: string | undefined;
}

/** The instant a New York day ends: a change recorded before it counts on that day. */
const endOfNewYorkDay = (day: string) =>
  sql<Date>`((${day}::date + 1)::timestamp at time zone 'America/New_York')`;

/**
 * Records changes of a universe: one with a day at that day's New York midnight (index changes take
 * effect before the open), one without at now.
 */
async function insertChanges(universeId: number, changes: readonly ChangeToRecord[], trx: Db) {
  if (changes.length === 0) return;
  await sql`
    insert into universe_symbol_changes (universe_id, symbol, change, at)
    select ${universeId}::integer, c.symbol, c.change,
      coalesce(c.day::timestamp at time zone 'America/New_York', ${new Date()}::timestamptz)
    from unnest(
      ${changes.map((c) => c.symbol)}::text[],
      ${changes.map((c) => c.change)}::text[],
      ${changes.map((c) => c.day ?? null)}::date[]
    ) as c(symbol, change, day)`.execute(trx);
}

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
        'universes.description',
        eb.fn.count<number>('universe_symbols.symbol').as('tickers_count'),
      ])
      .groupBy('universes.id');

  /** System universes, and those of the account (none when `accountId` is null). */
  const visible = (accountId: number | null) => (eb: ExpressionBuilder<Database, 'universes'>) =>
    accountId === null
      ? eb('universes.system', '=', true)
      : eb.or([eb('universes.system', '=', true), eb('universes.account_id', '=', accountId)]);

  async function symbolsOf(universeId: number, trx: Db = db) {
    const rows = await trx
      .selectFrom('universe_symbols')
      .select('symbol')
      .where('universe_id', '=', universeId)
      .orderBy('symbol')
      .execute();
    return rows.map((row) => row.symbol);
  }

  return {
    /** The account of a user (its universes are shared by the account's users). */
    async accountOf(userId: number) {
      const row = await db
        .selectFrom('users')
        .select('account_id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.account_id ?? null;
    },

    /** The system universes and those of the account, with their symbol counts. */
    async visibleTo(accountId: number | null) {
      const rows = await withCounts(db).where(visible(accountId)).execute();
      return rows.map((row) => ({ ...row, tickers_count: Number(row.tickers_count) }));
    },

    async findVisible(id: number, accountId: number | null, trx: Db = db) {
      return trx
        .selectFrom('universes')
        .selectAll()
        .where('id', '=', id)
        .where(visible(accountId))
        .executeTakeFirst();
    },

    /** The system universe of that name. */
    async findByName(name: string, trx: Db = db) {
      return trx
        .selectFrom('universes')
        .selectAll()
        .where('name', '=', name)
        .where('system', '=', true)
        .executeTakeFirst();
    },

    /** Another universe of the same namespace (system ones, or the account's) with that name, any case. */
    async nameTaken(
      name: string,
      scope: { system: true } | { accountId: number },
      exceptId: number | null,
      trx: Db,
    ) {
      const row = await trx
        .selectFrom('universes')
        .select('id')
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .$if('system' in scope, (q) => q.where('system', '=', true))
        .$if('accountId' in scope, (q) =>
          q.where('system', '=', false).where('account_id', '=', (scope as { accountId: number }).accountId),
        )
        .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
        .executeTakeFirst();
      return row !== undefined;
    },

    symbolsOf,

    /**
     * The symbols a universe held on a New York day (changes recorded up to that day's end included),
     * from its recorded changes; its current symbols when nothing was recorded by then.
     */
    async symbolsAsOf(universeId: number, day: string, trx: Db = db) {
      const rows = await trx
        .selectFrom('universe_symbol_changes')
        .select(['symbol', sql<string>`sum(case when change = 'entered' then 1 else -1 end)`.as('balance')])
        .where('universe_id', '=', universeId)
        .where('at', '<', endOfNewYorkDay(day))
        .groupBy('symbol')
        .orderBy('symbol')
        .execute();
      if (rows.length === 0) return symbolsOf(universeId, trx);
      return rows.filter((row) => Number(row.balance) > 0).map((row) => row.symbol);
    },

    /** Of `symbols`, those the companies table holds. */
    async knownSymbols(symbols: readonly string[], trx: Db = db) {
      if (symbols.length === 0) return new Set<string>();
      const rows = await trx
        .selectFrom('companies')
        .select('symbol')
        .where(sql<boolean>`symbol = any(${[...symbols]}::text[])`)
        .execute();
      return new Set(rows.map((row) => row.symbol));
    },

    /** Creates a system universe of that name (or finds the one another writer just created); its id. */
    async createSystem(name: string, trx: Db = db) {
      const inserted = await trx
        .insertInto('universes')
        .values({ name, system: true, owner_user_id: null, updated_at: new Date() })
        .onConflict((oc) => oc.column('name').where('system', '=', true).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const existing = await trx
        .selectFrom('universes')
        .select('id')
        .where('name', '=', name)
        .where('system', '=', true)
        .executeTakeFirstOrThrow();
      return existing.id;
    },

    /** A universe of an account, made by one of its users; its id. */
    async createForAccount(name: string, accountId: number, ownerUserId: number, trx: Db) {
      const row = await trx
        .insertInto('universes')
        .values({
          name,
          system: false,
          owner_user_id: ownerUserId,
          account_id: accountId,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async rename(universeId: number, name: string, trx: Db) {
      await trx
        .updateTable('universes')
        .set({ name, updated_at: new Date() })
        .where('id', '=', universeId)
        .execute();
    },

    async remove(universeId: number, trx: Db = db) {
      const result = await trx.deleteFrom('universes').where('id', '=', universeId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Makes the universe hold exactly `symbols` and records each symbol that entered or left: on the
     * New York day `dayOf` gives for it when it knows one, else now. How many were added and removed
     * (0 and 0: nothing changed).
     */
    async replaceSymbols(
      universeId: number,
      symbols: readonly string[],
      trx: Db = db,
      dayOf: (symbol: string, change: SymbolChange) => string | undefined = () => undefined,
    ) {
      const list = [...new Set(symbols)];
      const removed = await trx
        .deleteFrom('universe_symbols')
        .where('universe_id', '=', universeId)
        .where(sql<boolean>`symbol <> all(${list}::text[])`)
        .returning('symbol')
        .execute();
      const added = await sql<{ symbol: string }>`
        insert into universe_symbols (universe_id, symbol)
        select ${universeId}::integer, symbol from unnest(${list}::text[]) as symbol
        on conflict do nothing
        returning symbol`.execute(trx);
      await insertChanges(
        universeId,
        [
          ...added.rows.map(({ symbol }) => ({
            symbol,
            change: 'entered' as const,
            day: dayOf(symbol, 'entered'),
          })),
          ...removed.map(({ symbol }) => ({ symbol, change: 'left' as const, day: dayOf(symbol, 'left') })),
        ],
        trx,
      );
      return { added: added.rows.length, removed: removed.length };
    },

    /** Every recorded change of a universe, oldest first, with its New York day. */
    async recordedChanges(universeId: number, trx: Db = db) {
      return trx
        .selectFrom('universe_symbol_changes')
        .select([
          'symbol',
          'change',
          sql<string>`to_char(at at time zone 'America/New_York', 'YYYY-MM-DD')`.as('day'),
        ])
        .where('universe_id', '=', universeId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    /** Replaces the recorded changes of `symbols` in a universe with `changes`, dated on their days. */
    async rewriteChanges(
      universeId: number,
      symbols: readonly string[],
      changes: readonly ChangeToRecord[],
      trx: Db = db,
    ) {
      if (symbols.length === 0) return;
      await trx
        .deleteFrom('universe_symbol_changes')
        .where('universe_id', '=', universeId)
        .where(sql<boolean>`symbol = any(${[...symbols]}::text[])`)
        .execute();
      await insertChanges(universeId, changes, trx);
    },

    /** Sets what a universe holds, leaving its updated date alone; writes only when it differs. */
    async describe(universeId: number, description: string, trx: Db = db) {
      await trx
        .updateTable('universes')
        .set({ description })
        .where('id', '=', universeId)
        .where(sql<boolean>`description is distinct from ${description}`)
        .execute();
    },

    /** The changes of a universe in [from, to), newest first. */
    async changesBetween(universeId: number, from: Date, to: Date) {
      return db
        .selectFrom('universe_symbol_changes')
        .select(['symbol', 'change', 'at'])
        .where('universe_id', '=', universeId)
        .where('at', '>=', from)
        .where('at', '<', to)
        .orderBy('at', 'desc')
        .orderBy('change')
        .orderBy('symbol')
        .execute();
    },

    /** How many symbols the universe held just before `at`, from its recorded changes. */
    async countBefore(universeId: number, at: Date) {
      const row = await db
        .selectFrom('universe_symbol_changes')
        .select(sql<string>`coalesce(sum(case when change = 'entered' then 1 else -1 end), 0)`.as('count'))
        .where('universe_id', '=', universeId)
        .where('at', '<', at)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async touch(universeId: number, trx: Db = db) {
      await trx
        .updateTable('universes')
        .set({ updated_at: new Date() })
        .where('id', '=', universeId)
        .execute();
    },

    /** Companies in at least one index or with a dated membership, with their indexes and memberships. */
    async indexMemberships(trx: Db = db) {
      return trx
        .selectFrom('companies')
        .select(['symbol', 'indexes', 'index_history'])
        .where(sql<boolean>`cardinality(indexes) > 0 or jsonb_array_length(index_history) > 0`)
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
