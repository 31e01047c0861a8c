import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// A slow OpenAI-compatible stand-in (e2e/support/mock-model-server.ts): the assistant streaming tests switch a business to it.
const MODEL_PORT = Number(process.env.E2E_MODEL_PORT ?? PORT + 89);
// A fresh database for every run (the config is read once by the runner, which starts the server).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `ba-e2e-${process.pid}-${Date.now()}`);

/**
 * The e2e suite runs against the built server (npm start builds it when stale) in Debian's
 * Chromium. Two projects: JavaScript on runs everything; JavaScript off runs the form flows
 * (tests tagged @nojs), so progressive enhancement is proven without doubling the suite.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  // Whole user journeys (ten-odd page visits) on a 2-core CI machine running two workers and
  // the server: 30 s was passed by tests that take 25 s here; slower steps still fail at 60 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'no-js', grep: /@nojs/, use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/mock-model-server.ts',
      url: `http://127.0.0.1:${MODEL_PORT}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MOCK_MODEL_PORT: String(MODEL_PORT) },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://localhost:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        APP_ENV: 'test',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_PER_MINUTE: '10000',
        SESSION_SECRET: 'e2e-secret',
        ASSISTANT_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
        ASSISTANT_MODEL: 'e2e-slow-model',
        // The native shell's OneSignal app id (e2e/native-shell.spec.ts); no API key, so the server sends no pushes.
        ONESIGNAL_APP_ID: 'e2e-onesignal-app',
        // e2e/data-loader.spec.ts crawls a fixture site on 127.0.0.1 (tests/support/fixture-site.ts).
        OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      },
    },
  ],
});
