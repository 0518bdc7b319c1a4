import { demoAccounts, demoAppId } from '@insight/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db';
import { hashPassword } from './passwords';
import { accountsRepo } from './repo';
import { profileNameOf } from './user';

/**
 * Creates the documented demo accounts (DEMO_SEED=1), once: an address already taken is left as it is,
 * so a restart never resets a password a demo user changed.
 */
export async function seedDemoAccounts(db: Db, log: FastifyBaseLogger) {
  const repo = accountsRepo(db);
  const created: string[] = [];
  const missing = [];
  for (const demo of demoAccounts) if (!(await repo.findUserByEmail(demo.email))) missing.push(demo);
  // Hashed side by side (the hash runs on the thread pool): a first start on a busy machine stays quick.
  const hashes = await Promise.all(missing.map((demo) => hashPassword(demo.password)));
  for (const [index, demo] of missing.entries()) {
    const passwordHash = hashes[index]!;
    await db.transaction().execute(async (trx) => {
      // The trial account: a 14-day trial with `trialDaysLeft` of it left, from today.
      const trial = 'trialDaysLeft' in demo ? demo.trialDaysLeft : null;
      // The expiring account: a paid subscription with `subscriptionDaysLeft` of it left, from today.
      const paidDays = 'subscriptionDaysLeft' in demo ? demo.subscriptionDaysLeft : null;
      const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const accountId = await repo.createAccount(
        trial === null
          ? {
              name: `Demo ${demo.first_name}`,
              valid_to: paidDays === null ? null : inDays(paidDays),
              trail: false,
            }
          : {
              name: `Demo ${demo.first_name}`,
              valid_to: inDays(trial),
              trail: true,
              trial_days: 14,
            },
        trx,
      );
      // The mobile web view's demo apps: the first demo user's, and the trial's (no subscription).
      const appId = demo.email === demoAccounts[0].email ? demoAppId : 'appId' in demo ? demo.appId : null;
      const userId = await repo.createUser(
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
          app_id: appId,
          app_flavor: appId === null ? null : 'insight',
          last_activity_at: null,
        },
        trx,
      );
      // A profile-type account edits its own investment profile, as one an admin registers does.
      if (demo.role === 'profile') {
        const profileId = await repo.createProfile(
          profileNameOf(demo.first_name, demo.last_name),
          userId,
          trx,
        );
        await repo.setCurrentProfile(userId, profileId, trx);
      }
    });
    created.push(demo.email);
  }
  // Data directories seeded before profile accounts had their own profile get it now.
  for (const demo of demoAccounts.filter((account) => account.role === 'profile')) {
    const user = await repo.findUserByEmail(demo.email);
    if (!user || user.account_type !== 'profile' || user.current_profile_id !== null) continue;
    await db.transaction().execute(async (trx) => {
      const name = profileNameOf(demo.first_name, demo.last_name);
      const profileId =
        (await repo.findProfileByName(name))?.id ?? (await repo.createProfile(name, user.id, trx));
      await repo.setCurrentProfile(user.id, profileId, trx);
    });
  }
  if (created.length > 0) log.info({ created }, 'demo accounts created');
}
