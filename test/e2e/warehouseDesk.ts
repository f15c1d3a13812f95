/**
 * The desk fixture with a private PostgreSQL set up with the warehouse's setup script, started
 * once per worker and stopped by PID: for the browser tests of warehouse mode.
 */
import { startWarehouseServer, type WarehouseServer } from '../support/warehouseServer';
import { test as deskTest } from './desk';

/** The slowest a private PostgreSQL may take to start and be set up on a busy machine: only a guard against a hang. */
const SERVER_TIMEOUT_MS = 120_000;

export const test = deskTest.extend<object, { warehouseServer: WarehouseServer }>({
  warehouseServer: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startWarehouseServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: SERVER_TIMEOUT_MS },
  ],
});
