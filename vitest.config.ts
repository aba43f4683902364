import { defineConfig } from 'vitest/config';
import { domainMessages } from './packages/web/domain-messages.ts';

// One root config for every package (`npm run test:unit`). The server's (and the device service's) tests run on real PostgreSQL:
// test/global-setup.ts starts one embedded server per run (or uses TEST_DATABASE_URL) with a migrated
// template; each test file gets its own database copied from it (ADR 0015).
export default defineConfig({
  // The web client's per-language domain messages (virtual modules, packages/web/domain-messages.ts).
  plugins: [domainMessages()],
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    // Child processes rather than threads: native addons such as argon2 and sharp behave best in their
    // own process. Two cores, so two workers at most.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // Opening a database happens in hooks.
    hookTimeout: 60_000,
    // The default report, then the slowest test files (scripts/slow-files-reporter.ts).
    reporters: ['default', './scripts/slow-files-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['packages/server/src/**/*.test.{ts,tsx}', 'packages/devices/src/**/*.test.{ts,tsx}'], globalSetup: ['packages/server/src/test/global-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'packages', include: ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], exclude: ['**/node_modules/**', '**/dist/**', 'packages/server/**', 'packages/devices/**'] },
      },
    ],
  },
});
