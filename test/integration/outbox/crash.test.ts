import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox';
import { buildNodeStation } from '../../../electron/tools/mainBuild';
import { openStationStore } from '../../../electron/store/database';
import * as outbox from '../../../electron/store/outbox';
import { listDocuments } from '../../../electron/store/documents';
import { listPrintJobs } from '../../../electron/store/printJobs';
import { ulid } from '../../../electron/store/stationRef';
import { SandboxClient } from '../../support/sandboxHarness';
import { shipment } from '../../support/shipments';

const QUEUED = 300;
const KILLS = 32;
/**
 * Each run is killed a random moment after its 1st to 6th send left, so the kills come as fast
 * as the station sends, on any machine: 32 runs send at most about 200 of the 300, and the last
 * run drains the rest undisturbed.
 */
const MAX_SENDS_BEFORE_KILL = 6;
/** Beyond the sandbox's 25 ms latency: a kill lands before, during or after the answer. */
const MAX_KILL_DELAY_MS = 40;
let dir: string;
let sandbox: RunningSandbox;
let stationScript: string;
let bundleDir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-crash-'));
  // The service keeps its own SQLite file; a little latency keeps requests in flight, so
  // the kills land while answers are on their way.
  sandbox = await startSandbox({ dbPath: join(dir, 'sandbox.db'), requestsPerMinute: 100_000 });
  sandbox.faults.set({ latencyMs: 25 });
  // Bundled once, as the build bundles the web host, so each restart takes a fraction of a second,
  // not a TypeScript compile; inside the project, so the external modules resolve from its node_modules.
  mkdirSync(join(process.cwd(), '.cache'), { recursive: true });
  bundleDir = mkdtempSync(join(process.cwd(), '.cache', 'crash-station-'));
  stationScript = (await buildNodeStation(process.cwd(), 'test/integration/outbox/stationProcess.ts', bundleDir, 'station.mjs')).script;
}, 300_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

/** Runs the station until it says it drained, or, with `kill`, until `delayMs` after its `sends`-th send left. */
async function runStation(dbPath: string, kill?: { sends: number; delayMs: number }): Promise<{ drained: boolean; output: string }> {
  const child = spawn(process.execPath, [stationScript, dbPath, sandbox.baseUrl, sandbox.credentials.apiKey, '100000'], { stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  let pending = kill;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (pending !== undefined && (output.match(/"type":"sending"/g) ?? []).length >= pending.sends) {
      const timer = setTimeout(() => child.kill('SIGKILL'), pending.delayMs);
      pending = undefined;
      child.once('exit', () => clearTimeout(timer));
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(child, 'exit');
  return { drained: output.includes('"drained"'), output };
}

describe('crash test: the station killed with SIGKILL while draining', () => {
  it(`creates every one of ${QUEUED} queued shipments exactly once and prints each label once`, async () => {
    const dbPath = join(dir, 'station.db');
    const store = openStationStore(dbPath);
    const refs: string[] = [];
    for (let i = 0; i < QUEUED; i += 1) {
      const stationRef = `PB-CRASH-${ulid(Date.now())}`;
      refs.push(stationRef);
      outbox.queueShipment(store.db, { stationRef, input: shipment({ references: { orderNumber: `SO-CRASH-${i}` } }), now: Date.now() });
    }
    store.close();

    // Sends a kill cut short are found at the next start, and reconciled rather than resent.
    const countRecovered = (output: string) => [...output.matchAll(/"recovered":(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    let kills = 0;
    let interruptedSends = 0;
    while (kills < KILLS) {
      const kill = { sends: 1 + Math.floor(Math.random() * MAX_SENDS_BEFORE_KILL), delayMs: Math.floor(Math.random() * MAX_KILL_DELAY_MS) };
      const { drained, output } = await runStation(dbPath, kill);
      expect(output).not.toMatch(/Error|error:/);
      interruptedSends += countRecovered(output);
      if (drained) break;
      kills += 1;
    }
    // The latency was there for the kills to land mid-answer; the last run and the checks need none.
    sandbox.faults.clear();
    const final = await runStation(dbPath);
    expect(final.output, final.output).toContain('"drained"');
    expect(kills).toBeGreaterThanOrEqual(30);
    expect(interruptedSends + countRecovered(final.output)).toBeGreaterThan(0);

    const check = openStationStore(dbPath);
    try {
      expect(check.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(outbox.counts(check.db)).toMatchObject({ done: QUEUED, pending: 0, sending: 0, unknown: 0, failed: 0, needs_review: 0 });

      const service = new SandboxClient(sandbox);
      const everything = await service.call('searchShipments', { body: { searchTerm: 'PB-CRASH-', pageSize: 1 } });
      expect(everything.json.totalCount).toBe(QUEUED);
      for (const stationRef of refs) {
        const found = await service.call('searchShipments', { body: { searchTerm: stationRef } });
        expect(found.json.totalCount, stationRef).toBe(1);
        const labels = listDocuments(check.db, stationRef).filter((d) => d.type === 'Label');
        expect(labels, stationRef).toHaveLength(1);
        const jobs = listPrintJobs(check.db, { stationRef }).filter((job) => job.purpose === 'auto');
        expect(jobs.map((job) => job.documentId), stationRef).toEqual(labels.map((label) => label.documentId));
      }
    } finally {
      check.close();
    }
  }, 600_000);
});
