import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';

/** Numbered migrations, applied in order at start. Add new ones at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};
