import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core, Debian's /usr/bin/chromium) against the real gateway
// serving the built client. `npm run test:browser` builds the client first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // The market, ingested once for every test app that wants it.
    globalSetup: ['gateway/test/global-setup.ts'],
  },
});
