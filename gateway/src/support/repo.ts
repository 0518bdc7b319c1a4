import type { Db } from '../platform/db';
import { pageOf } from '../platform/paging';
import '../admin/tables';

/** Queries of the support requests. No rules here. */
export function supportRepo(db: Db) {
  return {
    async insert(
      values: {
        user_id: number | null;
        name: string;
        email: string;
        phone: string;
        company: string;
        topic: string;
        message: string;
        address: string;
      },
      trx: Db = db,
    ) {
      const row = await trx
        .insertInto('support_requests')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Requests since `since` by one user, address or e-mail, with the oldest one's time. */
    async sentSince(column: 'user_id' | 'address' | 'email', value: number | string, since: Date) {
      const row = await db
        .selectFrom('support_requests')
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where(column, '=', value)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest as Date | null };
    },

    page(query: { page: number; page_size: number; handled?: boolean | undefined }) {
      const base = db
        .selectFrom('support_requests')
        .$if(query.handled === true, (q) => q.where('handled_at', 'is not', null))
        .$if(query.handled === false, (q) => q.where('handled_at', 'is', null));
      return pageOf(
        base,
        base
          .leftJoin('users as handler', 'handler.id', 'support_requests.handled_by')
          .selectAll('support_requests')
          .select('handler.email as handled_by_email')
          .orderBy('support_requests.created_at', 'desc')
          .orderBy('support_requests.id', 'desc'),
        query,
      );
    },

    find(id: number, trx: Db = db) {
      return trx.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setHandled(id: number, by: number | null, trx: Db) {
      await trx
        .updateTable('support_requests')
        .set({ handled_at: by === null ? null : new Date(), handled_by: by })
        .where('id', '=', id)
        .execute();
    },
  };
}
