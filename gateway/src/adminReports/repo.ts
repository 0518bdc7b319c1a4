import type { Db } from '../platform/db';

/** Queries of the admin reports: who may be reported on, and the names the screens pick from. */
export function adminReportsRepo(db: Db) {
  return {
    async user(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'account_id', 'email', 'first_name', 'last_name', 'is_admin'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Users with their file (if any), of one account or of all; investors only (not profile accounts). */
    async usersOf(accountId: number | null) {
      return db
        .selectFrom('users as u')
        .leftJoin('portfolios as p', 'p.user_id', 'u.id')
        .select([
          'u.id',
          'u.email',
          'u.first_name',
          'u.last_name',
          'u.account_id',
          'p.id as portfolio_id',
          'p.created',
        ])
        .where('u.account_type', '=', 'user')
        .$if(accountId !== null, (q) => q.where('u.account_id', '=', accountId!))
        .orderBy('u.id')
        .execute();
    },

    async analysts() {
      return db
        .selectFrom('analysts as a')
        .leftJoin('ratings as r', 'r.analyst_id', 'a.id')
        .select(['a.id', 'a.name', 'a.firm', (eb) => eb.fn.count<number>('r.id').as('ratings')])
        .groupBy(['a.id', 'a.name', 'a.firm'])
        .orderBy('a.name')
        .orderBy('a.id')
        .execute();
    },

    async analyst(id: string) {
      return db.selectFrom('analysts').select(['id', 'name', 'firm']).where('id', '=', id).executeTakeFirst();
    },

    async analystNames(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db
        .selectFrom('analysts')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async profiles(ids: readonly number[] | null) {
      if (ids !== null && ids.length === 0) return [];
      return db
        .selectFrom('profiles')
        .select(['id', 'name'])
        .$if(ids !== null, (q) => q.where('id', 'in', [...ids!]))
        .orderBy('id')
        .execute();
    },
  };
}

export type AdminReportsRepo = ReturnType<typeof adminReportsRepo>;
