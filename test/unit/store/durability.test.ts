import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStationStore, outbox, shipments } from '../../../electron/store';
import { tempStorePath } from './support/tempStore';

const LOOP_SOURCE = fileURLToPath(new URL('./support/enqueueLoop.ts', import.meta.url));
let loop: string;

beforeAll(async () => {
  // Bundled once, so each round starts in a fraction of a second instead of compiling TypeScript;
  // inside the project, so that better-sqlite3 resolves from its node_modules.
  mkdirSync('.cache', { recursive: true });
  loop = join(process.cwd(), '.cache', `enqueue-loop-${process.pid}.mjs`);
  await build({
    entryPoints: [LOOP_SOURCE],
    outfile: loop,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['better-sqlite3'],
    logLevel: 'warning',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
}, 300_000);

afterAll(() => {
  rmSync(loop, { force: true });
});

/** Runs the loop and SIGKILLs it `delayMs` after its first committed id; returns the ids it printed. */
function runAndKill(path: string, round: number, delayMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [loop, path, String(round)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') {
        reject(new Error(`the loop ended by itself (${signal ?? 'no signal'}): ${err}`));
        return;
      }
      // A line cut by the kill was never fully printed: only whole lines count.
      const lines = out.split('\n').slice(0, -1);
      resolve(lines.map(Number));
    });
  });
}

describe('crash durability', () => {
  it('every id printed as committed before a SIGKILL is there after reopening, and the file is sound', async () => {
    const path = tempStorePath();
    const printed: number[] = [];
    for (let round = 1; round <= 6; round++) {
      const delay = Math.floor(Math.random() * 400);
      const ids = await runAndKill(path, round, delay);
      expect(ids.length, `round ${round} printed nothing`).toBeGreaterThan(0);
      printed.push(...ids);

      const store = openStationStore(path, { integrity: 'full' });
      expect(store.db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const present = new Set(outbox.list(store.db, { limit: 10_000 }).map((item) => item.id));
      const missing = printed.filter((id) => !present.has(id));
      expect(missing, `round ${round}, killed ${delay} ms after the first commit`).toEqual([]);
      // The shipment row committed with each item, in the same transaction.
      for (const item of outbox.list(store.db, { limit: 10_000 })) expect(shipments.getByStationRef(store.db, item.stationRef)).toBeDefined();
      // Items the crash left in `sending` are recovered as `unknown`, never lost or resent blindly.
      const sending = outbox.counts(store.db).sending;
      expect(outbox.recoverAfterCrash(store.db, Date.now())).toBe(sending);
      store.close();
    }
  });
});
