import type { User } from '@insight/shared';

/** Spec 000 §2: the nickname, else the first name, else the email. */
export function displayName(user: Pick<User, 'nickname' | 'first_name' | 'email'>): string {
  const nickname = user.nickname?.trim();
  if (nickname) return nickname;
  const firstName = user.first_name?.trim();
  if (firstName) return firstName;
  return user.email;
}
