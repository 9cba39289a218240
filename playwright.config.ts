import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_JWT_SECRET = process.env.E2E_JWT_SECRET ?? 'e2e-secret-long-enough-for-hs256-signing-0123456789';
/** A local stand-in for Stripe (__tests__/e2e/fake-stripe-server.ts), so card renewal is walked end to end. */
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 5);
export const E2E_STRIPE_KEY = 'sk_test_e2e_stand_in';

/**
 * Local peers the accounts spec starts itself (a real SMTP server, an OpenID Connect provider, a SIP2 server),
 * and the embedded database's port so a spec can set a library up. Next to E2E_PORT by default, so runs on
 * different E2E_PORTs do not collide; each can be set on its own.
 */
export const E2E_PEERS = {
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? PORT + 1),
  dbPort: Number(process.env.E2E_DB_PORT ?? PORT + 2),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? PORT + 3),
  sip2Port: Number(process.env.E2E_SIP2_PORT ?? PORT + 4),
};

/**
 * e2e against the production build (`next build` first, then `npm start` here), in Debian's Chromium.
 * The server gets its own data directory, so it starts on a fresh, seeded embedded database.
 */
export default defineConfig({
  testDir: './__tests__/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Any CSP violation in any page any spec opens fails the run: the server records the browser's reports
  // (CSP_REPORTS=file below) and the teardown reads them (__tests__/e2e/csp-reports.ts).
  globalSetup: './__tests__/e2e/csp-reports-setup.ts',
  globalTeardown: './__tests__/e2e/csp-reports-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: `npx tsx __tests__/e2e/fake-stripe-server.ts ${STRIPE_PORT} ${E2E_STRIPE_KEY}`,
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: `npm start -- -p ${PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        DATA_DIR: '.data/e2e',
        JWT_SECRET: E2E_JWT_SECRET,
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: E2E_STRIPE_KEY,
        STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}`,
        EMBEDDED_DB_PORT: String(E2E_PEERS.dbPort),
        // Sign-in codes go to the SMTP server __tests__/e2e/accounts.spec.ts runs on this port.
        SMTP_URL: `smtp://127.0.0.1:${E2E_PEERS.smtpPort}`,
        CSP_REPORTS: 'file',
      },
    },
  ],
});
