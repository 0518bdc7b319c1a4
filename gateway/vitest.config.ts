import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each file starts its own gateway and database; two at a time suits a two-core machine.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
