import type { FilterSet } from '@insight/shared';
import { sql } from 'kysely';
import type { Db } from '../platform/db';
import type { NewUser } from '../platform/schema';

/** Queries of accounts, users, profiles, tokens and sign-in failures. No rules here. */
export function accountsRepo(db: Db) {
  return {
    findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findUserByAppId(appId: string) {
      return db.selectFrom('users').selectAll().where('app_id', '=', appId).executeTakeFirst();
    },

    /** A user with what the User entity needs from its account. */
    findUserWithAccount(userId: number) {
      return (
        db
          .selectFrom('users')
          .innerJoin('accounts', 'accounts.id', 'users.account_id')
          .selectAll('users')
          .select([
            'accounts.valid_to',
            'accounts.trail',
            'accounts.trial_days',
            'accounts.name as account_name',
          ])
          // The user's file ("my file"), once one exists (spec 002 §3 User fields read: portfolio_id).
          .select((eb) =>
            eb
              .selectFrom('portfolios')
              .select('portfolios.id')
              .whereRef('portfolios.user_id', '=', 'users.id')
              .orderBy('portfolios.id')
              .limit(1)
              .as('portfolio_id'),
          )
          .where('users.id', '=', userId)
          .executeTakeFirst()
      );
    },

    /** Admins see every profile; other users the Default profile and those they own. */
    /**
     * The profiles a user may see (an admin: every one; others: Default and their own) and the one
     * they chose, in one read: the feed asks it on every call.
     */
    profileChoice(userId: number) {
      return db
        .selectFrom('users as u')
        .select('u.current_profile_id')
        .select(
          sql<number[]>`array(select p.id from profiles p
            where u.is_admin or p.name = 'Default' or p.owner_user_id = u.id order by p.id)`.as('available'),
        )
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    listProfilesFor(userId: number, isAdmin: boolean) {
      return db
        .selectFrom('profiles')
        .select(['id', 'name'])
        .$if(!isAdmin, (q) =>
          q.where((eb) => eb.or([eb('name', '=', 'Default'), eb('owner_user_id', '=', userId)])),
        )
        .orderBy('id')
        .execute();
    },

    async createAccount(
      values: { name: string; valid_to: string | null; trail: boolean; trial_days?: number },
      trx: Db = db,
    ) {
      const row = await trx.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async createUser(values: NewUser, trx: Db = db) {
      const row = await trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    findProfileByName(name: string) {
      return db.selectFrom('profiles').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
    },

    async createProfile(name: string, ownerUserId: number | null, trx: Db = db) {
      const row = await trx
        .insertInto('profiles')
        .values({ name, owner_user_id: ownerUserId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setCurrentProfile(userId: number, profileId: number, trx: Db = db) {
      await trx
        .updateTable('users')
        .set({ current_profile_id: profileId })
        .where('id', '=', userId)
        .execute();
    },

    async setPasswordHash(userId: number, passwordHash: string, trx: Db = db) {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },

    async setNickname(userId: number, nickname: string | null) {
      await db.updateTable('users').set({ nickname }).where('id', '=', userId).execute();
    },

    /** The user's alert filters as JSON; null clears them. */
    async setAlertFilters(userId: number, filters: FilterSet | null) {
      await db
        .updateTable('users')
        .set({ alert_filters: filters === null ? null : JSON.stringify(filters) })
        .where('id', '=', userId)
        .execute();
    },

    async touchActivity(userId: number, trx: Db = db) {
      await trx.updateTable('users').set({ last_activity_at: new Date() }).where('id', '=', userId).execute();
    },

    // ---- one-use and remember-me tokens ----

    async insertToken(
      values: {
        user_id: number;
        kind: 'remember' | 'reset';
        token_hash: string;
        session_id: number | null;
        expires_at: Date;
        family?: string | null;
      },
      trx: Db = db,
    ) {
      await trx.insertInto('tokens').values(values).execute();
    },

    /** Ends every session opened from a remember-me family (the token's own session included). */
    async revokeFamilySessions(token: { id: number; family: string | null }, trx: Db = db) {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('revoked_at', 'is', null)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('tokens')
            .select('session_id')
            .where('session_id', 'is not', null)
            .$if(token.family !== null, (q) => q.where('family', '=', token.family!))
            .$if(token.family === null, (q) => q.where('id', '=', token.id))
            .$narrowType<{ session_id: number }>(),
        )
        .execute();
    },

    findToken(kind: 'remember' | 'reset', tokenHash: string, trx: Db = db) {
      return trx
        .selectFrom('tokens')
        .selectAll()
        .where('kind', '=', kind)
        .where('token_hash', '=', tokenHash)
        .forUpdate()
        .executeTakeFirst();
    },

    async markTokenUsed(tokenId: number, trx: Db = db) {
      await trx.updateTable('tokens').set({ used_at: new Date() }).where('id', '=', tokenId).execute();
    },

    async revokeTokens(
      filter: { userId: number; kind: 'remember' | 'reset'; sessionId?: number },
      trx: Db = db,
    ) {
      await trx
        .updateTable('tokens')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', filter.userId)
        .where('kind', '=', filter.kind)
        .where('revoked_at', 'is', null)
        .$if(filter.sessionId !== undefined, (q) => q.where('session_id', '=', filter.sessionId!))
        .execute();
    },

    lastTokenCreatedAt(userId: number, kind: 'remember' | 'reset') {
      return db
        .selectFrom('tokens')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;
