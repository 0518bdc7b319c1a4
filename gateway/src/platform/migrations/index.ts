import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as market from './0002_market';

/** Numbered migrations, applied in order at start. Add new ones at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_market': market,
};
