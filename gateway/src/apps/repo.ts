import { sql } from 'kysely';
import type { Db } from '../platform/db';

/** Queries of the app flavours, their portfolios and their broadcasts. No rules here. */
export function appsRepo(db: Db) {
  return {
    async listApps() {
      return db.selectFrom('apps').select(['flavor', 'name']).orderBy('name').execute();
    },

    async findApp(flavor: string, trx: Db = db) {
      return trx
        .selectFrom('apps')
        .select(['flavor', 'name'])
        .where('flavor', '=', flavor)
        .executeTakeFirst();
    },

    /** The app flavour a user belongs to (set with their app id), with its name; undefined for none. */
    async appOfUser(userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('apps', 'apps.flavor', 'users.app_flavor')
        .select(['apps.flavor', 'apps.name'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    /** The portfolios of an app with their symbol counts, newest month first. */
    async listPortfolios(flavor: string, activeOnly: boolean) {
      return db
        .selectFrom('app_portfolios as p')
        .selectAll('p')
        .select((eb) =>
          eb
            .selectFrom('app_portfolio_symbols as s')
            .select((s) => s.fn.countAll<string>().as('n'))
            .whereRef('s.portfolio_id', '=', 'p.id')
            .as('symbols'),
        )
        .where('p.app_flavor', '=', flavor)
        .$if(activeOnly, (qb) => qb.where('p.active', '=', true))
        .orderBy('p.month', 'desc')
        .orderBy('p.title')
        .orderBy('p.id')
        .execute();
    },

    async findPortfolio(id: number, trx: Db = db) {
      return trx
        .selectFrom('app_portfolios as p')
        .selectAll('p')
        .select((eb) =>
          eb
            .selectFrom('app_portfolio_symbols as s')
            .select((s) => s.fn.countAll<string>().as('n'))
            .whereRef('s.portfolio_id', '=', 'p.id')
            .as('symbols'),
        )
        .where('p.id', '=', id)
        .executeTakeFirst();
    },

    /** A new portfolio's id; undefined when the app has one of that title and month already. */
    async insertPortfolio(values: { flavor: string; title: string; month: string }) {
      const row = await db
        .insertInto('app_portfolios')
        .values({ app_flavor: values.flavor, title: values.title, month: values.month })
        .onConflict((oc) => oc.columns(['app_flavor', 'title', 'month']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async setActive(id: number, active: boolean) {
      await db.updateTable('app_portfolios').set({ active }).where('id', '=', id).execute();
    },

    async setEndMonth(id: number, endMonth: string | null) {
      await db.updateTable('app_portfolios').set({ end_month: endMonth }).where('id', '=', id).execute();
    },

    /** Takes the portfolio's row lock for the rest of the transaction (symbol changes one at a time). */
    async lockPortfolio(id: number, trx: Db) {
      const row = await trx
        .selectFrom('app_portfolios')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async countSymbols(portfolioId: number, trx: Db = db) {
      const row = await trx
        .selectFrom('app_portfolio_symbols')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('portfolio_id', '=', portfolioId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Adds a symbol; false when it is in the portfolio already. */
    async addSymbol(values: { portfolioId: number; symbol: string; entry: string }, trx: Db = db) {
      const row = await trx
        .insertInto('app_portfolio_symbols')
        .values({ portfolio_id: values.portfolioId, symbol: values.symbol, entry: values.entry })
        .onConflict((oc) => oc.columns(['portfolio_id', 'symbol']).doNothing())
        .returning('symbol')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Removes a symbol; false when it was not in the portfolio. */
    async removeSymbol(portfolioId: number, symbol: string) {
      const result = await db
        .deleteFrom('app_portfolio_symbols')
        .where('portfolio_id', '=', portfolioId)
        .where('symbol', '=', symbol)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A portfolio's symbols, alphabetical, each with its last price now (its quote, else its last close). */
    async symbols(portfolioId: number) {
      return db
        .selectFrom('app_portfolio_symbols as s')
        .leftJoin('quotes as q', 'q.symbol', 's.symbol')
        .select((eb) => [
          's.symbol',
          's.entry',
          eb.fn
            .coalesce(
              'q.last_price',
              eb
                .selectFrom('daily_bars as b')
                .select('b.close')
                .whereRef('b.symbol', '=', 's.symbol')
                .orderBy('b.date', 'desc')
                .limit(1),
            )
            .as('last_price'),
        ])
        .where('s.portfolio_id', '=', portfolioId)
        .orderBy('s.symbol')
        .execute();
    },

    async insertMessage(values: { flavor: string; text: string; sentBy: number }, trx: Db) {
      return trx
        .insertInto('app_messages')
        .values({ app_flavor: values.flavor, text: values.text, sent_by: values.sentBy })
        .returning(['id', 'app_flavor', 'text', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** A pending outbox row for every user of the app; answers how many. */
    async queueForUsers(messageId: number, flavor: string, trx: Db) {
      const result = await trx
        .insertInto('app_message_outbox')
        .columns(['message_id', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select([sql<number>`${messageId}::int`.as('message_id'), 'users.id'])
            .where('users.app_flavor', '=', flavor),
        )
        .returning('user_id')
        .execute();
      return result.length;
    },

    /** Marks a message delivered to these users (those whose sockets it reaches now); answers how many. */
    async markDelivered(messageId: number, userIds: readonly number[]) {
      if (userIds.length === 0) return 0;
      const result = await db
        .updateTable('app_message_outbox')
        .set({ delivered_at: new Date() })
        .where('message_id', '=', messageId)
        .where('user_id', 'in', [...userIds])
        .where('delivered_at', 'is', null)
        .returning('user_id')
        .execute();
      return result.length;
    },

    /**
     * Marks the user's pending messages of an app delivered and answers them, oldest first. One
     * statement: two sockets connecting at once cannot both take the same message.
     */
    async claimPending(userId: number, flavor: string) {
      const rows = await db
        .updateTable('app_message_outbox as o')
        .from('app_messages as m')
        .set({ delivered_at: new Date() })
        .whereRef('m.id', '=', 'o.message_id')
        .where('o.user_id', '=', userId)
        .where('o.delivered_at', 'is', null)
        .where('m.app_flavor', '=', flavor)
        .returning(['m.id', 'm.app_flavor', 'm.text', 'm.created_at'])
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Puts claimed messages back in the user's outbox (they could not be sent). */
    async unclaim(userId: number, messageIds: readonly number[]) {
      if (messageIds.length === 0) return;
      await db
        .updateTable('app_message_outbox')
        .set({ delivered_at: null })
        .where('user_id', '=', userId)
        .where('message_id', 'in', [...messageIds])
        .execute();
    },
  };
}

export type AppsRepo = ReturnType<typeof appsRepo>;
