import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const options = {
  algorithm: 2 /* Argon2id; the package's enum is an ambient const enum */ as const,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Checked when the e-mail is unknown, so a miss takes as long as a wrong password and reveals nothing.
let decoy: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(await decoy, password);
}
