import { defineConfig } from 'vitest/config';

// One root config for every package (`npm run test:unit`, and `scripts/test-pg.mjs`
// for the server's API tests against a real PostgreSQL).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    // Child processes rather than threads: PGlite (WASM) and native addons such as
    // argon2 behave best in their own process. Two cores, so two workers at most.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // Opening a database and running the migrations happens in hooks.
    hookTimeout: 60_000,
  },
});
