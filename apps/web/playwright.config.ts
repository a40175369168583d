import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// The specs drive Debian's Chromium against the real server (built web app, fresh SQLite
// database) and a real SMTP server on loopback whose mail lands in MAIL_DIR as JSON files.
// Paths are fixed per port (not random) because this file is loaded by every worker too.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverPort = Number(process.env.E2E_PORT ?? 4310);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4325);
/** The control API of the local push service (playwright.push-service.ts). */
const pushControlPort = Number(process.env.E2E_PUSH_CONTROL_PORT ?? serverPort + 30);
export const PUSH_CONTROL_URL = `http://127.0.0.1:${pushControlPort}`;
const runDir = path.join(tmpdir(), `astro-e2e-${serverPort}`);
/** The admins' authenticator secrets; emptied with the database, whose enrolments they match. */
export const TOTP_DIR = path.join(runDir, 'totp');
export const MAIL_DIR = path.join(runDir, 'mail');
const dataDir = path.join(runDir, 'data');
const baseURL = `http://localhost:${serverPort}`;
// A second app server whose assistant is a slow OpenAI-compatible fake, so a spec can stop an
// answer while it streams (the built-in composer answers at once). Its own database.
const slowServerPort = Number(process.env.E2E_SLOW_SERVER_PORT ?? serverPort + 20);
const slowLlmPort = slowServerPort + 1;
const slowDataDir = path.join(runDir, 'slow-llm-data');
/** The app server whose assistant streams slowly (only the chat's stop test uses it). */
export const SLOW_ASSISTANT_URL = `http://localhost:${slowServerPort}`;

process.env.MAIL_DIR = MAIL_DIR;

/** Addresses the server makes admins (paid access without a subscription), for the birth-data specs. */
export const BIRTH_DATA_ADMINS = [
  'birth-chart.e2e@example.com',
  'birth-place.e2e@example.com',
  'birth-edit.e2e@example.com',
  'birth-clock.e2e@example.com',
];

/** An admin (paid access) whose chart the offline spec opens without a network. */
export const OFFLINE_CHART_EMAIL = 'offline-chart.e2e@example.com';

/** An admin (paid access) who turns on the daily note in the notifications spec. */
export const NOTIFICATIONS_EMAIL = 'notifications.e2e@example.com';

/** The operator who uses the admin area in the admin spec. */
export const ADMIN_AREA_EMAIL = 'admin-area.e2e@example.com';

/** The admin who approves partner applications in the partner and affiliate specs. */
export const PARTNERS_ADMIN_EMAIL = 'partners-admin.e2e@example.com';

/** What every app server of the specs runs with: its port and data, this machine's mail sink. */
function serverEnv(port: number, data: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: data,
    APP_URL: `http://localhost:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Request limits stay on as in production (ADR 0172); only sign-ups are raised, because
    // every spec signs up from this one machine.
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    // E2E_WEB_DIST_DIR runs the specs against another build of the web app.
    WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
    // The local push service's endpoints are http: on loopback, accepted only with this (tests only).
    PUSH_ALLOW_LOOPBACK_HTTP: 'true',
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results', 'e2e'),
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['junit', { outputFile: path.join(repoRoot, 'test-results', 'e2e-junit.xml') }]]
    : 'list',
  use: {
    baseURL,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      name: 'smtp-sink',
      command: 'node --import tsx apps/server/src/testing/mail-dir-sink.ts',
      cwd: repoRoot,
      port: smtpPort,
      env: { SMTP_SINK_PORT: String(smtpPort), MAIL_DIR },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      name: 'local push service',
      command: 'node --import tsx apps/web/playwright.push-service.ts',
      cwd: repoRoot,
      port: pushControlPort,
      env: { PUSH_CONTROL_PORT: String(pushControlPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      name: 'server',
      command: `rm -rf "${dataDir}" "${TOTP_DIR}" && mkdir -p "${dataDir}" && node --import tsx apps/server/src/main.ts`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${serverPort}/api/health`,
      env: {
        ...serverEnv(serverPort, dataDir),
        // Admins have paid access: the birth-data specs register these addresses.
        ADMIN_EMAILS: [
          ...BIRTH_DATA_ADMINS,
          PARTNERS_ADMIN_EMAIL,
          OFFLINE_CHART_EMAIL,
          ADMIN_AREA_EMAIL,
          NOTIFICATIONS_EMAIL,
        ].join(','),
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      name: 'slow chat completions',
      command: 'node --import tsx apps/server/src/testing/slow-chat-completions.ts',
      cwd: repoRoot,
      port: slowLlmPort,
      env: { FAKE_LLM_PORT: String(slowLlmPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      name: 'server with a slow assistant',
      command: `rm -rf "${slowDataDir}" && mkdir -p "${slowDataDir}" && node --import tsx apps/server/src/main.ts`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${slowServerPort}/api/health`,
      env: {
        ...serverEnv(slowServerPort, slowDataDir),
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: `http://127.0.0.1:${slowLlmPort}/v1`,
        LLM_MODEL: 'slow-test',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
