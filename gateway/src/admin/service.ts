import type {
  Account,
  AccountsQuery,
  Analyst,
  AuditPage,
  AuditQuery,
  InviteLevel,
  ManageUser,
  ManageUserValues,
  ProfileSummary,
} from '@insight/shared';
import { adminLimits, adminMessages, can, messages, type Role } from '@insight/shared';
import { accountsRepo } from '../accounts/repo';
import { hashPassword } from '../accounts/passwords';
import { daysUntil } from '../accounts/user';
import { auditRepo } from '../audit/repo';
import { recordAudit } from '../audit/record';
import type { Db } from '../platform/db';
import { HttpError, badRequest, conflict, forbidden } from '../platform/errors';
import type { Mailer } from '../platform/mail';
import type { SessionStore } from '../platform/session';
import { hashSecret, newSecret } from '../platform/tokens';
import { adminRepo } from './repo';

/** Who is asking: the session's user and roles. */
export interface Caller {
  userId: number;
  roles: Role[];
}

type Page = { page: number; page_size: number; search: string; dir: 'asc' | 'desc' };
type AccountRow = NonNullable<Awaited<ReturnType<ReturnType<typeof adminRepo>['findAccount']>>>;
type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof adminRepo>['findUser']>>>;
type AnalystRow = NonNullable<Awaited<ReturnType<ReturnType<typeof adminRepo>['findAnalyst']>>>;
type ProfileRow = Awaited<ReturnType<ReturnType<typeof adminRepo>['profilesByIds']>>[number];

const dayMs = 86_400_000;
const notFound = (message: string) => new HttpError(404, message);
const isoDay = (date: Date | string | null) =>
  date === null ? null : (date instanceof Date ? date.toISOString() : String(date)).slice(0, 10);
const isoTime = (date: Date | string | null) =>
  date === null ? null : date instanceof Date ? date.toISOString() : new Date(date).toISOString();

export function toProfileSummary(row: ProfileRow): ProfileSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? null,
    first_name: row.first_name ?? null,
    last_name: row.last_name ?? null,
    nick_name: row.nick_name ?? null,
  };
}

export function toManageUser(row: UserRow): ManageUser {
  return {
    id: row.id,
    email: row.email,
    nick_name: row.nickname,
    first_name: row.first_name,
    last_name: row.last_name,
    account: { id: row.account_id, name: row.account_name, valid_to: row.valid_to },
    last_activity: { date: isoTime(row.last_activity_at) },
    client_admin: row.client_admin,
    is_admin: row.is_admin,
    account_type: row.account_type,
  };
}

export function toAnalyst(row: AnalystRow): Analyst {
  const [first = '', ...rest] = row.name.trim().split(/\s+/);
  return {
    id: row.id,
    nick_name: row.nick_name,
    first_name: first,
    last_name: rest.join(' '),
    global_name: row.global_name,
    firm: row.firm,
    last: isoDay(row.last as Date | string | null),
  };
}

/** What the audit log keeps of an account: the fields an admin edits, profiles by name. */
function accountSnapshot(account: Account | null) {
  if (account === null) return null;
  return {
    name: account.name,
    valid_to: account.valid_to,
    trail: account.trail,
    master_profile: account.master_profile?.name ?? null,
    linked_profiles: account.linked_profiles.map((p) => p.name),
  };
}

/** What the audit log keeps of a user. */
function userSnapshot(user: ManageUser | null) {
  if (user === null) return null;
  return {
    email: user.email,
    nick_name: user.nick_name,
    first_name: user.first_name,
    last_name: user.last_name,
    account: user.account.name,
    client_admin: user.client_admin,
    is_admin: user.is_admin,
  };
}

/**
 * The manage area (spec 002 §2.7, §7.3): accounts, users, profiles and analysts, invitations and the
 * audit log. System admins manage everything; client admins only the users of their own account.
 * Every change is one transaction with its audit entry. Knows nothing of HTTP.
 */
export class AdminService {
  private readonly repo;
  private readonly accounts;
  private readonly audit;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {
    this.repo = adminRepo(db);
    this.accounts = accountsRepo(db);
    this.audit = auditRepo(db);
  }

  // ---- scope ----

  /** A system admin manages every account (null); a client admin only their own. */
  private async scopeOf(caller: Caller): Promise<number | null> {
    if (can(caller.roles, 'manage.access')) return null;
    if (!can(caller.roles, 'manage.users')) throw forbidden();
    const me = await this.repo.findUser(caller.userId);
    if (!me) throw forbidden();
    return me.account_id;
  }

  private async requireInScope(caller: Caller, accountId: number) {
    const scope = await this.scopeOf(caller);
    if (scope !== null && scope !== accountId) throw forbidden(adminMessages.otherAccount);
    return scope;
  }

  // ---- accounts ----

  private async toAccounts(rows: AccountRow[], trx: Db = this.db): Promise<Account[]> {
    const links = await this.repo.linkedProfileIds(
      rows.map((row) => row.id),
      trx,
    );
    const profileIds = [
      ...new Set([
        ...rows.flatMap((row) => (row.master_profile_id === null ? [] : [row.master_profile_id])),
        ...links.map((link) => link.profile_id),
      ]),
    ];
    const profiles = new Map(
      (await this.repo.profilesByIds(profileIds, trx)).map((row) => [row.id, toProfileSummary(row)]),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      master_profile: row.master_profile_id === null ? null : (profiles.get(row.master_profile_id) ?? null),
      linked_profiles: links
        .filter((link) => link.account_id === row.id)
        .flatMap((link) => profiles.get(link.profile_id) ?? []),
      valid_to: row.valid_to,
      trail: row.trail,
      api_key: row.api_key,
      users: Number(row.users ?? 0),
      created: isoDay(row.created_at) ?? '',
    }));
  }

  async accountsPage(query: AccountsQuery) {
    const { rows, total } = await this.repo.accountsPage(query);
    return { data: await this.toAccounts(rows), total, page: query.page, page_size: query.page_size };
  }

  async account(id: number, trx: Db = this.db): Promise<Account> {
    const row = await this.repo.findAccount(id, trx);
    if (!row) throw notFound(adminMessages.notFound('Account'));
    const [account] = await this.toAccounts([row], trx);
    return account!;
  }

  async saveAccount(
    caller: Caller,
    input: {
      id?: number | null | undefined;
      name: string;
      master_profile: number | null;
      linked_profiles: number[];
      valid_to: string | null;
      trail: boolean;
      new_api_key?: boolean | undefined;
    },
  ) {
    const linked = [...new Set(input.linked_profiles)].filter((id) => id !== input.master_profile);
    const wanted = [...linked, ...(input.master_profile === null ? [] : [input.master_profile])];
    const found = new Set((await this.repo.profilesByIds(wanted)).map((row) => row.id));
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined)
      throw badRequest(adminMessages.unknownProfile(missing), 'account.linked_profiles');
    // A trail without a date means nothing: "Valid Indefinitely" clears both (spec 002 §4).
    const trail = input.valid_to === null ? false : input.trail;

    const id = await this.db.transaction().execute(async (trx) => {
      const before = input.id ? await this.account(input.id, trx) : null;
      const createdAt = before ? new Date(`${before.created}T00:00:00Z`) : new Date();
      // The trial runs from the account's first day to its last, both included.
      const trialDays =
        trail && input.valid_to !== null ? Math.max(1, daysUntil(input.valid_to, createdAt) + 1) : undefined;
      const values = {
        name: input.name,
        valid_to: input.valid_to,
        trail,
        master_profile_id: input.master_profile,
        ...(trialDays === undefined ? {} : { trial_days: trialDays }),
      };
      let id: number;
      if (before) {
        id = before.id;
        await this.repo.updateAccount(
          id,
          { ...values, ...(input.new_api_key ? { api_key: newSecret() } : {}) },
          trx,
        );
      } else {
        id = await this.repo.insertAccount({ trial_days: 30, ...values, api_key: newSecret() }, trx);
      }
      await this.repo.setLinkedProfiles(id, linked, trx);
      const after = await this.account(id, trx);
      await recordAudit(trx, {
        actorId: caller.userId,
        entity: 'account',
        entityId: id,
        action: before ? 'update' : 'create',
        before: accountSnapshot(before),
        after: {
          ...accountSnapshot(after),
          ...(before && before.api_key !== after.api_key ? { api_key_renewed: true } : {}),
        },
      });
      // An account that has expired ends its users' sessions: they can no longer sign in either.
      if (input.valid_to !== null && daysUntil(input.valid_to) < 0) {
        for (const user of await this.repo.userIdsOfAccount(id, trx))
          await this.sessions.revokeAllOf(user.id, null, trx);
      }
      return id;
    });
    return { status: true as const, msg: adminMessages.accountSaved, id };
  }

  async userAccounts(caller: Caller) {
    const scope = await this.scopeOf(caller);
    return this.repo.accountNames(scope ?? undefined);
  }

  async accountPortfolioUsers(caller: Caller, accountId: number | undefined) {
    const scope = await this.scopeOf(caller);
    if (scope !== null && accountId !== undefined && accountId !== scope)
      throw forbidden(adminMessages.otherAccount);
    const rows = await this.repo.usersWithPortfolio(scope ?? accountId);
    return rows.map((row) => ({ label: row.email, value: row.id }));
  }

  // ---- users ----

  async usersPage(
    caller: Caller,
    query: Page & {
      sort: string;
      account_id?: number | undefined;
      role?: 'user' | 'client_admin' | 'admin' | 'profile' | undefined;
    },
  ) {
    const scope = await this.scopeOf(caller);
    if (scope !== null && query.account_id !== undefined && query.account_id !== scope)
      throw forbidden(adminMessages.otherAccount);
    const { rows, total } = await this.repo.usersPage({ ...query, account_id: scope ?? query.account_id });
    return { data: rows.map(toManageUser), total, page: query.page, page_size: query.page_size };
  }

  async user(caller: Caller, id: number): Promise<ManageUser> {
    const user = await this.userIn(id);
    await this.requireInScope(caller, user.account.id);
    return user;
  }

  /** A user, without the scope check: inside a transaction (PGlite has one connection) only `trx` may be used. */
  private async userIn(id: number, trx: Db = this.db): Promise<ManageUser> {
    const row = await this.repo.findUser(id, trx);
    if (!row) throw notFound(adminMessages.notFound('User'));
    return toManageUser(row);
  }

  /**
   * Creates (no id) or updates a user. An empty password keeps the current one; a new user without
   * one is sent an invitation to choose it. Client admins edit only their account's users, and
   * neither move them elsewhere nor touch a system admin.
   */
  async saveUser(caller: Caller, input: ManageUserValues) {
    await this.requireInScope(caller, input.account);
    // The user's present account must be the caller's too (a client admin cannot take one over).
    if (input.id) await this.user(caller, input.id);
    const account = await this.repo.findAccount(input.account);
    if (!account) throw badRequest(adminMessages.unknownAccount, 'user.account');
    const taken = await this.repo.findUserIdByEmail(input.email);
    if (taken && taken.id !== input.id) throw conflict(adminMessages.emailTaken);
    const passwordHash = input.password === '' ? undefined : await hashPassword(input.password);

    const { id, invite } = await this.db.transaction().execute(async (trx) => {
      const before = input.id ? await this.userIn(input.id, trx) : null;
      if (before?.is_admin && !can(caller.roles, 'manage.access')) throw forbidden();
      const values = {
        account_id: input.account,
        email: input.email,
        nickname: input.nick_name,
        first_name: input.first_name,
        last_name: input.last_name,
        client_admin: input.client_admin,
      };
      let id: number;
      if (before) {
        id = before.id;
        await this.repo.updateUser(
          id,
          { ...values, ...(passwordHash ? { password_hash: passwordHash } : {}) },
          trx,
        );
        // A new password ends the user's sessions, as a reset does.
        if (passwordHash) await this.sessions.revokeAllOf(id, null, trx);
        // Their roles may have changed: no session of theirs is answered from memory.
        else this.sessions.forgetUser(id);
      } else {
        id = await this.repo.insertUser(
          { ...values, password_hash: passwordHash ?? (await hashPassword(newSecret())) },
          trx,
        );
      }
      const after = await this.userIn(id, trx);
      await recordAudit(trx, {
        actorId: caller.userId,
        entity: 'user',
        entityId: id,
        action: before ? 'update' : 'create',
        before: userSnapshot(before),
        after: { ...userSnapshot(after), ...(passwordHash ? { password: true } : {}) },
      });
      const invite = !before && !passwordHash ? await this.issueInvite(id, trx) : null;
      return { id, invite };
    });
    if (invite) await this.mailInvite(input.email, input.first_name ?? '', invite);
    return { status: true as const, msg: input.id ? adminMessages.userSaved : adminMessages.userCreated, id };
  }

  /** Spec 002 §7.2 `POST /invite {email, level, name}`: a user (new, or one not yet signed in) gets a link to set a password. */
  async invite(
    caller: Caller,
    body: { email: string; level: InviteLevel; name: string; account_id?: number | undefined },
  ) {
    const isAdmin = can(caller.roles, 'manage.access');
    if (body.level === 'admin' && !isAdmin) throw forbidden(adminMessages.adminOnlyLevel);
    const scope = await this.scopeOf(caller);
    const me = await this.repo.findUser(caller.userId);
    const accountId = body.account_id ?? scope ?? me?.account_id;
    if (accountId === undefined) throw badRequest(adminMessages.unknownAccount, 'account_id');
    await this.requireInScope(caller, accountId);
    const existing = await this.repo.findUserIdByEmail(body.email);
    if (existing) {
      const row = await this.repo.findUser(existing.id);
      if (!row || row.account_id !== accountId || row.last_activity_at !== null)
        throw conflict(adminMessages.emailTaken);
    }
    const [first = '', ...rest] = body.name.split(/\s+/).filter(Boolean);
    const code = await this.db.transaction().execute(async (trx) => {
      let id = existing?.id;
      if (id === undefined) {
        id = await this.repo.insertUser(
          {
            account_id: accountId,
            email: body.email,
            password_hash: await hashPassword(newSecret()),
            nickname: null,
            first_name: first || null,
            last_name: rest.join(' ') || null,
            client_admin: body.level === 'client_admin',
            is_admin: body.level === 'admin',
          },
          trx,
        );
      }
      await recordAudit(trx, {
        actorId: caller.userId,
        entity: 'user',
        entityId: id,
        action: 'invite',
        before: null,
        after: { email: body.email, level: body.level, account_id: accountId },
      });
      return this.issueInvite(id, trx);
    });
    await this.mailInvite(body.email, first, code);
    return { status: true as const, msg: adminMessages.invited(body.email) };
  }

  /** A one-use code for the reset-password page, valid for the invitation's days; earlier ones end. */
  private async issueInvite(userId: number, trx: Db) {
    await this.accounts.revokeTokens({ userId, kind: 'reset' }, trx);
    const code = newSecret();
    await this.accounts.insertToken(
      {
        user_id: userId,
        kind: 'reset',
        token_hash: hashSecret(code),
        session_id: null,
        expires_at: new Date(Date.now() + adminLimits.inviteDays * dayMs),
      },
      trx,
    );
    return code;
  }

  private async mailInvite(email: string, firstName: string, code: string) {
    const link = `${this.publicUrl}/reset-pass/${code}`;
    await this.mailer.send({
      to: email,
      subject: 'You are invited to Insight',
      text:
        `Hello ${firstName},\n\nYou have been given access to Insight. To choose your password, open this link within ${adminLimits.inviteDays} days:\n${link}\n\n` +
        'The link works once. Then sign in with your e-mail and the password you chose.\n\nInsight',
      html:
        `<p>Hello ${escapeHtml(firstName)},</p><p>You have been given access to Insight. To choose your password, open this link within ${adminLimits.inviteDays} days:</p>` +
        `<p><a href="${link}">${link}</a></p><p>The link works once. Then sign in with your e-mail and the password you chose.</p><p>Insight</p>`,
    });
  }

  /** Spec 002 §7.2 `admin_signup_user`: an admin opens an account (valid indefinitely) with its first user. */
  async adminSignupUser(
    caller: Caller,
    data: {
      email: string;
      password: string;
      first_name: string;
      last_name: string;
      account_name?: string | undefined;
    },
  ) {
    if (await this.repo.findUserIdByEmail(data.email)) throw conflict(messages.register.taken);
    const passwordHash = await hashPassword(data.password);
    await this.db.transaction().execute(async (trx) => {
      const accountId = await this.repo.insertAccount(
        {
          name: data.account_name || `${data.first_name} ${data.last_name}`,
          valid_to: null,
          trail: false,
          trial_days: 30,
          master_profile_id: null,
          api_key: newSecret(),
        },
        trx,
      );
      const userId = await this.repo.insertUser(
        {
          account_id: accountId,
          email: data.email,
          password_hash: passwordHash,
          nickname: null,
          first_name: data.first_name,
          last_name: data.last_name,
          client_admin: false,
        },
        trx,
      );
      await recordAudit(trx, {
        actorId: caller.userId,
        entity: 'account',
        entityId: accountId,
        action: 'create',
        before: null,
        after: accountSnapshot(await this.account(accountId, trx)),
      });
      await recordAudit(trx, {
        actorId: caller.userId,
        entity: 'user',
        entityId: userId,
        action: 'create',
        before: null,
        after: userSnapshot(await this.userIn(userId, trx)),
      });
    });
    return { status: true as const, msg: messages.register.created };
  }

  // ---- profiles and analysts ----

  async profilesPage(query: Page & { sort: 'name' | 'email' | 'created' }) {
    const { rows, total } = await this.repo.profilesPage(query);
    return { data: rows.map(toProfileSummary), total, page: query.page, page_size: query.page_size };
  }

  async analystsPage(caller: Caller, query: Page & { sort: string }) {
    if (!can(caller.roles, 'manage.access')) throw forbidden();
    const { rows, total } = await this.repo.analystsPage(query);
    return { data: rows.map(toAnalyst), total, page: query.page, page_size: query.page_size };
  }

  async analyst(id: string, trx: Db = this.db): Promise<Analyst> {
    const row = await this.repo.findAnalyst(id, trx);
    if (!row) throw notFound(adminMessages.notFound('Analyst'));
    return toAnalyst(row);
  }

  async saveAnalyst(caller: Caller, input: { id: string; global_name: string; nick_name?: string | null }) {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.analyst(input.id, trx);
      await this.repo.updateAnalyst(input.id, input, trx);
      await recordAudit(trx, {
        actorId: caller.userId,
        entity: 'analyst',
        entityId: input.id,
        action: 'update',
        before,
        after: await this.analyst(input.id, trx),
      });
    });
    return { status: true as const, msg: adminMessages.analystSaved, id: input.id };
  }

  analystsGlobalNames() {
    return this.repo.allAnalystNames();
  }

  // ---- audit log ----

  async auditLog(query: AuditQuery & { page: number; page_size: number }): Promise<AuditPage> {
    const [{ rows, total }, actors] = await Promise.all([this.audit.page(query), this.audit.actors()]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: { id: row.actor_id, email: row.actor_email },
        entity: row.entity,
        entity_id: row.entity_id,
        action: row.action,
        before: row.before ?? null,
        after: row.after ?? null,
      })),
      total,
      page: query.page,
      page_size: query.page_size,
      actors: actors.map((actor) => ({
        id: actor.actor_id!,
        email: actor.actor_email ?? `#${actor.actor_id}`,
      })),
    };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
