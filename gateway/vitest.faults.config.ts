import { defineConfig } from 'vitest/config';

// The fault suite (npm run test:faults): two gateway processes on PostgreSQL with a Redis the test
// starts and stops itself. PostgreSQL is the machine's unless DATABASE_URL says otherwise.
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

export default defineConfig({
  test: {
    include: ['test/faults/**/*.faults.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    maxWorkers: 1,
    globalSetup: ['test/global-setup.ts'],
  },
});
