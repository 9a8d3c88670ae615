import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Journeys over the built web app, the real API and a real (embedded, in-memory) PostgreSQL.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_TOKEN_SECRET = 'e2e-token-secret-that-is-long-enough-0123456789';
export const E2E_ADMIN = { email: 'admin@e2e-portal.in', password: 'Platform#Admin2026' };

const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  // The sensitive-data tripwire over every /api answer and server log line of the run (issue 9 item 7).
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The real server, its log and every /api request and answer recorded for global-teardown.ts.
    command: 'node e2e/server-with-log.mjs',
    cwd: root,
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(E2E_PORT),
      DATA_DIR: 'memory://',
      PORTAL_HOST: `localhost:${E2E_PORT}`,
      TOKEN_SECRET: E2E_TOKEN_SECRET,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'debug',
    },
  },
});
