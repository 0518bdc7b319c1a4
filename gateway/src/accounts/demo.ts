import { demoAccounts, demoAppId } from '@insight/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db';
import { hashPassword } from './passwords';
import { accountsRepo } from './repo';

/**
 * Creates the documented demo accounts (DEMO_SEED=1), once: an address already taken is left as it is,
 * so a restart never resets a password a demo user changed.
 */
export async function seedDemoAccounts(db: Db, log: FastifyBaseLogger) {
  const repo = accountsRepo(db);
  const created: string[] = [];
  for (const demo of demoAccounts) {
    if (await repo.findUserByEmail(demo.email)) continue;
    const passwordHash = await hashPassword(demo.password);
    await db.transaction().execute(async (trx) => {
      const accountId = await repo.createAccount(
        { name: `Demo ${demo.first_name}`, valid_to: null, trail: false },
        trx,
      );
      await repo.createUser(
        {
          account_id: accountId,
          email: demo.email,
          password_hash: passwordHash,
          nickname: null,
          first_name: demo.first_name,
          last_name: demo.last_name,
          account_type: demo.role === 'profile' ? 'profile' : 'user',
          is_admin: demo.role === 'admin',
          client_admin: demo.role === 'client_admin',
          current_profile_id: null,
          app_id: demo.role === 'user' ? demoAppId : null,
          app_flavor: demo.role === 'user' ? 'insight' : null,
          last_activity_at: null,
        },
        trx,
      );
    });
    created.push(demo.email);
  }
  if (created.length > 0) log.info({ created }, 'demo accounts created');
}
