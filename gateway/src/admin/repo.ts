import type { AccountsQuery } from '@insight/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../platform/db';
import { pageOf } from '../platform/paging';
import type { Database } from '../platform/schema';
import './tables';

type Paging = { page: number; page_size: number; search: string; dir: 'asc' | 'desc' };

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const profileColumns = [
  'profiles.id',
  'profiles.name',
  'owner.email',
  'owner.first_name',
  'owner.last_name',
  'owner.nickname as nick_name',
] as const;

/** Queries of the manage screens: accounts, users, profiles, analysts. No rules here. */
export function adminRepo(db: Db) {
  const profiles = (trx: Db = db) =>
    trx.selectFrom('profiles').leftJoin('users as owner', 'owner.id', 'profiles.owner_user_id');

  const accountRows = (trx: Db = db) =>
    trx.selectFrom('accounts').select((eb) => [
      'accounts.id',
      'accounts.name',
      'accounts.valid_to',
      'accounts.trail',
      'accounts.trial_days',
      'accounts.api_key',
      'accounts.master_profile_id',
      'accounts.created_at',
      eb
        .selectFrom('users')
        .select((u) => u.fn.countAll<string>().as('n'))
        .whereRef('users.account_id', '=', 'accounts.id')
        .as('users'),
    ]);

  const userRows = (trx: Db = db) =>
    trx
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select([
        'users.id',
        'users.email',
        'users.nickname',
        'users.first_name',
        'users.last_name',
        'users.client_admin',
        'users.is_admin',
        'users.account_type',
        'users.last_activity_at',
        'users.account_id',
        'accounts.name as account_name',
        'accounts.valid_to',
      ]);

  const lastRating = (eb: ExpressionBuilder<Database, 'analysts'>) =>
    eb
      .selectFrom('ratings')
      .select((r) => r.fn.max('published_at').as('last'))
      .whereRef('ratings.analyst_id', '=', 'analysts.id')
      .as('last');

  return {
    // ---- accounts ----

    accountsPage(query: AccountsQuery, onlyAccountId?: number) {
      const order = {
        name: sql`lower(accounts.name)`,
        valid_to: sql`accounts.valid_to`,
        users: sql`users`,
        created: sql`accounts.created_at`,
      }[query.sort];
      const filtered = accountRows()
        .$if(query.search !== '', (q) => q.where('accounts.name', 'ilike', contains(query.search)))
        .$if(onlyAccountId !== undefined, (q) => q.where('accounts.id', '=', onlyAccountId!));
      return pageOf(
        filtered,
        filtered.orderBy(sql`${order} ${sql.raw(query.dir)} nulls last`).orderBy('accounts.id'),
        query,
      );
    },

    findAccount(id: number, trx: Db = db) {
      return accountRows(trx).where('accounts.id', '=', id).executeTakeFirst();
    },

    linkedProfileIds(accountIds: number[], trx: Db = db) {
      if (accountIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('account_linked_profiles')
        .select(['account_id', 'profile_id'])
        .where('account_id', 'in', accountIds)
        .orderBy('profile_id')
        .execute();
    },

    profilesByIds(ids: number[], trx: Db = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return profiles(trx).select(profileColumns).where('profiles.id', 'in', ids).execute();
    },

    async insertAccount(
      values: {
        name: string;
        valid_to: string | null;
        trail: boolean;
        trial_days: number;
        master_profile_id: number | null;
        api_key: string;
      },
      trx: Db,
    ) {
      const row = await trx.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateAccount(
      id: number,
      values: {
        name: string;
        valid_to: string | null;
        trail: boolean;
        trial_days?: number;
        master_profile_id: number | null;
        api_key?: string;
      },
      trx: Db,
    ) {
      await trx.updateTable('accounts').set(values).where('id', '=', id).execute();
    },

    async setLinkedProfiles(accountId: number, profileIds: number[], trx: Db) {
      await trx.deleteFrom('account_linked_profiles').where('account_id', '=', accountId).execute();
      if (profileIds.length > 0)
        await trx
          .insertInto('account_linked_profiles')
          .values(profileIds.map((profile_id) => ({ account_id: accountId, profile_id })))
          .execute();
    },

    accountNames(onlyAccountId?: number) {
      return db
        .selectFrom('accounts')
        .select(['id', 'name'])
        .$if(onlyAccountId !== undefined, (q) => q.where('id', '=', onlyAccountId!))
        .orderBy(sql`lower(name)`)
        .execute();
    },

    userIdsOfAccount(accountId: number, trx: Db = db) {
      return trx.selectFrom('users').select('id').where('account_id', '=', accountId).execute();
    },

    // ---- users ----

    usersPage(
      query: Paging & {
        sort: string;
        account_id?: number | undefined;
        role?: 'user' | 'client_admin' | 'admin' | 'profile' | undefined;
      },
    ) {
      const filtered = <T extends ReturnType<typeof userRows>>(q: T) =>
        q
          .$if(query.search !== '', (q) =>
            q.where((eb) =>
              eb.or([
                eb('users.email', 'ilike', contains(query.search)),
                eb('users.first_name', 'ilike', contains(query.search)),
                eb('users.last_name', 'ilike', contains(query.search)),
                eb('users.nickname', 'ilike', contains(query.search)),
                eb('accounts.name', 'ilike', contains(query.search)),
              ]),
            ),
          )
          .$if(query.account_id !== undefined, (q) => q.where('users.account_id', '=', query.account_id!))
          .$if(query.role === 'admin', (q) => q.where('users.is_admin', '=', true))
          .$if(query.role === 'client_admin', (q) => q.where('users.client_admin', '=', true))
          .$if(query.role === 'profile', (q) => q.where('users.account_type', '=', 'profile'))
          .$if(query.role === 'user', (q) =>
            q
              .where('users.account_type', '=', 'user')
              .where('users.is_admin', '=', false)
              .where('users.client_admin', '=', false),
          ) as T;
      const order =
        {
          email: sql`users.email`,
          name: sql`lower(coalesce(users.last_name, '') || ' ' || coalesce(users.first_name, ''))`,
          account: sql`lower(accounts.name)`,
          role: sql`(case when users.is_admin then 0 when users.client_admin then 1 when users.account_type = 'profile' then 3 else 2 end)`,
          last_activity: sql`users.last_activity_at`,
          valid_to: sql`accounts.valid_to`,
        }[query.sort] ?? sql`users.email`;
      return pageOf(
        filtered(userRows()),
        filtered(userRows())
          .orderBy(sql`${order} ${sql.raw(query.dir)} nulls last`)
          .orderBy('users.id'),
        query,
      );
    },

    findUser(id: number, trx: Db = db) {
      return userRows(trx).where('users.id', '=', id).executeTakeFirst();
    },

    findUserIdByEmail(email: string, trx: Db = db) {
      return trx.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
    },

    async insertUser(
      values: {
        account_id: number;
        email: string;
        password_hash: string;
        nickname: string | null;
        first_name: string | null;
        last_name: string | null;
        client_admin: boolean;
        is_admin?: boolean;
      },
      trx: Db,
    ) {
      const row = await trx
        .insertInto('users')
        .values({ ...values, account_type: 'user' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUser(
      id: number,
      values: {
        account_id: number;
        email: string;
        nickname: string | null;
        first_name: string | null;
        last_name: string | null;
        client_admin: boolean;
        password_hash?: string;
      },
      trx: Db,
    ) {
      await trx.updateTable('users').set(values).where('id', '=', id).execute();
    },

    /** Users with a portfolio in an account, for the admin reports' user selector. */
    usersWithPortfolio(accountId: number | undefined) {
      return db
        .selectFrom('users')
        .select(['users.id', 'users.email'])
        .where((eb) =>
          eb.exists(eb.selectFrom('portfolios').select('id').whereRef('portfolios.user_id', '=', 'users.id')),
        )
        .$if(accountId !== undefined, (q) => q.where('users.account_id', '=', accountId!))
        .orderBy('users.email')
        .execute();
    },

    // ---- profiles ----

    profilesPage(query: Paging & { sort: 'name' | 'email' | 'created' }) {
      const filtered = <T extends ReturnType<typeof profiles>>(q: T) =>
        q.$if(query.search !== '', (q) =>
          q.where((eb) =>
            eb.or([
              eb('profiles.name', 'ilike', contains(query.search)),
              eb('owner.email', 'ilike', contains(query.search)),
              eb('owner.first_name', 'ilike', contains(query.search)),
              eb('owner.last_name', 'ilike', contains(query.search)),
            ]),
          ),
        ) as T;
      const order = {
        name: sql`lower(profiles.name)`,
        email: sql`owner.email`,
        created: sql`profiles.created_at`,
      }[query.sort];
      return pageOf(
        filtered(profiles()),
        filtered(profiles())
          .select(profileColumns)
          .orderBy(sql`${order} ${sql.raw(query.dir)} nulls last`)
          .orderBy('profiles.id'),
        query,
      );
    },

    // ---- analysts ----

    analystsPage(query: Paging & { sort: string }) {
      const filtered = <T extends ReturnType<typeof analysts>>(q: T) =>
        q.$if(query.search !== '', (q) =>
          q.where((eb) =>
            eb.or([
              eb('analysts.name', 'ilike', contains(query.search)),
              eb('analysts.global_name', 'ilike', contains(query.search)),
              eb('analysts.nick_name', 'ilike', contains(query.search)),
              eb('analysts.firm', 'ilike', contains(query.search)),
            ]),
          ),
        ) as T;
      const analysts = () => db.selectFrom('analysts');
      const order =
        {
          name: sql`lower(analysts.name)`,
          global_name: sql`lower(analysts.global_name)`,
          last: sql`last`,
        }[query.sort] ?? sql`lower(analysts.name)`;
      return pageOf(
        filtered(analysts()),
        filtered(analysts())
          .select((eb) => [
            'analysts.id',
            'analysts.name',
            'analysts.firm',
            'analysts.global_name',
            'analysts.nick_name',
            lastRating(eb),
          ])
          .orderBy(sql`${order} ${sql.raw(query.dir)} nulls last`)
          .orderBy('analysts.id'),
        query,
      );
    },

    findAnalyst(id: string, trx: Db = db) {
      return trx
        .selectFrom('analysts')
        .select((eb) => [
          'analysts.id',
          'analysts.name',
          'analysts.firm',
          'analysts.global_name',
          'analysts.nick_name',
          lastRating(eb),
        ])
        .where('analysts.id', '=', id)
        .executeTakeFirst();
    },

    async updateAnalyst(id: string, values: { global_name: string; nick_name?: string | null }, trx: Db) {
      await trx.updateTable('analysts').set(values).where('id', '=', id).execute();
    },

    allAnalystNames() {
      return db
        .selectFrom('analysts')
        .select(['id', 'name', 'global_name'])
        .orderBy(sql`lower(name)`)
        .execute();
    },
  };
}

export type AdminRepo = ReturnType<typeof adminRepo>;
