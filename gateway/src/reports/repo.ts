import { sql } from 'kysely';
import type { Db } from '../platform/db';

/** The market charts' reads. Knows nothing of the rules. */
export function reportsRepo(db: Db) {
  return {
    /** Daily closes of `symbols` from `from` to `to` (YYYY-MM-DD), by symbol then date. */
    async closes(symbols: readonly string[], from: string, to: string) {
      const rows = await db
        .selectFrom('daily_bars')
        .select(['symbol', 'date', 'close'])
        .where(sql<boolean>`symbol = any(${[...symbols]}::text[])`)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('symbol')
        .orderBy('date')
        .execute();
      return rows.map((row) => ({ symbol: row.symbol, date: row.date, close: Number(row.close) }));
    },
  };
}
