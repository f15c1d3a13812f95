/** A private warehouse server with desks open, for one test file: started before its tests, stopped after them. */
import { afterAll, beforeAll } from 'vitest';
import type { Warehouse } from '../../../electron/warehouse';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';

/** Starts the server and opens `count` desks (D1, D2…) before the file's tests, and hands them to `ready`. */
export function useWarehouseDesks(count: number, ready: (desks: Warehouse[], server: WarehouseServer) => void): void {
  let server: WarehouseServer | undefined;
  beforeAll(async () => {
    server = await startWarehouseServer();
    ready(await server.openDesks(count), server);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
}
