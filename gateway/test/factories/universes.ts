import type { App } from '../../src/app';
import { universesRepo } from '../../src/universes/repo';

let sequence = 0;

/** A universe of a user's own (visible to its account's users), holding `symbols`; returns its id. */
export async function createUserUniverse(app: App, userId: number, symbols: readonly string[]) {
  sequence += 1;
  const { id } = await app.db
    .insertInto('universes')
    .values({
      name: `mine-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      system: false,
      owner_user_id: userId,
      account_id: await universesRepo(app.db).accountOf(userId),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('universe_symbols')
    .values(symbols.map((symbol) => ({ universe_id: id, symbol })))
    .execute();
  return id;
}
