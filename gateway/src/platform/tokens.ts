import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie, a link or a remember-me token: 32 random bytes, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256: a database leak gives no usable session or token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newPublicId(): string {
  return randomBytes(12).toString('hex');
}
