/**
 * One desk starting up, in a process of its own: opens a pool to the database named on the
 * command line, waits for the instant given, migrates, and prints the outcome as one JSON line.
 * Several of these start at once to show that desks starting together migrate once.
 */
import pg from 'pg';
import { WAREHOUSE_MIGRATIONS, migrateWarehouse } from '../../../electron/warehouse/migrations';
import { poolConfig, type WarehouseConnectionSettings } from '../../../electron/warehouse/connection';

const [settingsJson = '{}', startAt = '0'] = process.argv.slice(2);
const settings = JSON.parse(settingsJson) as WarehouseConnectionSettings;
const pool = new pg.Pool(poolConfig(settings, process.env.PACKBENCH_TEST_PASSWORD, { id: `M${process.pid % 100000}`, name: 'migrating desk' }, { max: 1 }));
pool.on('error', () => undefined);
await pool.query('SELECT 1');
while (Date.now() < Number(startAt)) {
  // Spin to the shared instant: a timer would add its own few milliseconds of spread.
}
try {
  const outcome = await migrateWarehouse(pool, WAREHOUSE_MIGRATIONS);
  console.log(JSON.stringify({ ok: true, ...outcome }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
} finally {
  await pool.end();
}
