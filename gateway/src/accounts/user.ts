import type { ProfileRef, User } from '@insight/shared';
import { filterSetSchema, sectors } from '@insight/shared';
import type { AccountsRepo } from './repo';

type UserWithAccount = NonNullable<Awaited<ReturnType<AccountsRepo['findUserWithAccount']>>>;

const dayMs = 86_400_000;

/** Whole days from today (UTC) to a YYYY-MM-DD date; negative once it has passed. */
export function daysUntil(date: string, now = new Date()): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - today) / dayMs);
}

export function isExpired(row: { valid_to: string | null; is_admin: boolean }, now = new Date()): boolean {
  return !row.is_admin && row.valid_to !== null && daysUntil(row.valid_to, now) < 0;
}

/** The User of spec 000 §3, built in one place from the stored facts. */
export function toUser(
  row: UserWithAccount,
  sessionPublicId: string,
  profiles: ProfileRef[],
  universes: { id: number; name: string }[],
): User {
  const filters = filterSetSchema.safeParse(row.alert_filters);
  const daysLeft = row.valid_to === null ? null : Math.max(0, daysUntil(row.valid_to));
  const current = profiles.find((profile) => profile.id === row.current_profile_id) ?? profiles[0] ?? null;
  return {
    user_id: row.id,
    email: row.email,
    nickname: row.nickname,
    first_name: row.first_name,
    last_name: row.last_name,
    account_type: row.account_type,
    is_admin: row.is_admin,
    client_admin: row.client_admin,
    session_token: sessionPublicId,
    available_profiles: profiles,
    current_profile: current?.id ?? null,
    alert_filters: filters.success ? filters.data : null,
    system_sectors: sectors.map(({ id, name, symbol }) => ({ id, name, symbol })),
    universeList: universes.map(({ id, name }) => ({ id, name })),
    analystList: [],
    portfolio_id: row.portfolio_id ?? null,
    subscription_status: !row.trail && (daysLeft === null || daysLeft > 0) ? 'active' : null,
    valid_to: daysLeft,
    trail: row.trail ? row.trial_days : 0,
  };
}

/** A profile account's own investment profile is named first_last, as the spec's profile names are. */
export const profileNameOf = (firstName: string, lastName: string) =>
  `${firstName}_${lastName}`.toLowerCase().replace(/\s+/g, '_');
