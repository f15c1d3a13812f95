import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';

/**
 * Browser suite: the renderer in Debian's Chromium (Playwright never downloads a browser
 * here). Each test file starts the servers it needs on 127.0.0.1 with ephemeral ports.
 */
export default defineConfig({
  testDir: fileURLToPath(new URL('./e2e', import.meta.url)),
  outputDir: fileURLToPath(new URL('../test-results/playwright', import.meta.url)),
  globalSetup: fileURLToPath(new URL('./e2e/global-setup.ts', import.meta.url)),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_REPORTERS === 'json' ? [['list'], ['json']] : 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    trace: 'retain-on-failure',
  },
});
