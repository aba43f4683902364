import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (apt package `chromium`); Playwright's
// own browser downloads are not used and cannot be fetched here.
const CI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL points the tests at a server that is already running; then no
// server is started here.
const externalBaseURL = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Every test signs in through the API and makes its own users and records (e2e/README.md), so tests
  // run in parallel, also within a file; two workers fit this two-core machine (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: externalBaseURL ?? `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Fixed so dates and the default language do not depend on the machine.
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    screenshot: 'only-on-failure',
    trace: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // No sandbox as root; no background traffic, which this machine's closed
      // network refuses (and Chromium retries) otherwise.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: externalBaseURL
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        port: PORT,
        env: { E2E_PORT: String(PORT) },
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
        // SIGTERM first so the script can stop the server and delete its data folder.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
