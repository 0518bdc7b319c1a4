import { messages } from '../common/messages';

/** Limits of spec 000 §5 and §9. */
export const limits = {
  passwordMin: 8,
  passwordMax: 20,
  nameMax: 100,
  emailMax: 100,
} as const;

// A pragmatic address check: something@something.tld, no spaces. The server re-checks with zod.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= limits.emailMax && emailPattern.test(email);
}

/** The shared password rule: at least 8 characters, one lowercase, one uppercase, one digit. */
export function isStrongPassword(value: string): boolean {
  // Letters of any alphabet count, so "Ünïcödé1a" passes as a user would expect.
  return (
    value.length >= limits.passwordMin && /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value) && /\d/.test(value)
  );
}

/** The message for a new password, or null when it is acceptable. */
export function newPasswordProblem(newPassword: string, confirm?: string): string | null {
  if (newPassword.length > limits.passwordMax) return messages.password.tooLong;
  if (!isStrongPassword(newPassword)) return messages.password.rule;
  if (confirm !== undefined && confirm !== newPassword) return messages.password.mismatch;
  return null;
}

/** The login form's message, or null when the form may be sent. */
export function loginProblem(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return messages.login.emailAndPasswordRequired;
  if (!isValidEmail(email)) return messages.login.invalidEmail;
  return null;
}
