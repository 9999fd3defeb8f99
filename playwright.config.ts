import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
const DATA_DIR = 'test-results/e2e-data';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    // Debian's Chromium; this machine never downloads browsers.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // A fresh embedded database for every run; `npm test` builds the web app first.
    command: `rm -rf ${DATA_DIR} && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${PORT}`, DATA_DIR, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
