/** The demo accounts `DEMO_SEED=1` creates (README lists them). */
export const demoAccounts = [
  { email: 'demo@insight.test', password: 'Demo1234', first_name: 'Dana', last_name: 'Demo', role: 'user' },
  {
    email: 'admin@insight.test',
    password: 'Admin1234',
    first_name: 'Adam',
    last_name: 'Admin',
    role: 'admin',
  },
  {
    email: 'profile@insight.test',
    password: 'Profile1234',
    first_name: 'Paula',
    last_name: 'Profile',
    role: 'profile',
  },
  {
    email: 'clientadmin@insight.test',
    password: 'Client1234',
    first_name: 'Carl',
    last_name: 'Client',
    role: 'client_admin',
  },
  /** A user whose account is on a trial with 10 days left at the first start: the trial banner shows. */
  {
    email: 'trial@insight.test',
    password: 'Trial1234',
    first_name: 'Tess',
    last_name: 'Trial',
    role: 'user',
    trialDaysLeft: 10,
    /** No subscription (a trial is none): the mobile view shows it Get Premium / Go Premium. */
    appId: 'trial-app',
  },
  /** A paid subscription with 20 days left at the first start: the 'Attention!' banner. */
  {
    email: 'expiring@insight.test',
    password: 'Expiring1234',
    first_name: 'Evan',
    last_name: 'Expiring',
    role: 'user',
    subscriptionDaysLeft: 20,
  },
] as const;

/** The app id that signs the demo user in from the mobile web view: /apphome?id=demo-app. */
export const demoAppId = 'demo-app';
