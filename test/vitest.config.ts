import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Unit, contract and integration suites run here; the browser suite runs under Playwright.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/{unit,contract,integration}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
