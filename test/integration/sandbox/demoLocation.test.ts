/**
 * The embedded sandbox starts with a demo warehouse, so a new desk can ship at once; only a
 * sandbox that never had a location gets it, so a deleted demo warehouse stays deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox/sandbox';
import { SandboxClient } from '../../support/sandboxHarness';

const folder = mkdtempSync(join(tmpdir(), 'packbench-demo-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function locations(dbPath: string, demoLocation: boolean): Promise<{ id: string; referenceId?: string; deleted?: boolean }[]> {
  const sandbox = await startSandbox({ dbPath, demoLocation });
  try {
    const answer = await new SandboxClient(sandbox).call('getLocations', { query: { Page: '1', Limit: '100' } });
    return answer.json.data as { id: string; referenceId?: string; deleted?: boolean }[];
  } finally {
    await sandbox.close();
  }
}

describe('the demo warehouse', () => {
  it('is there on the first start, once, and not when it is not asked for', async () => {
    const db = join(folder, 'first.sqlite');
    expect((await locations(db, true)).map((l) => l.referenceId)).toEqual(['WH-DEMO']);
    expect((await locations(db, true)).map((l) => l.referenceId)).toEqual(['WH-DEMO']);
    expect(await locations(join(folder, 'plain.sqlite'), false)).toEqual([]);
  });

  it('stays deleted once deleted', async () => {
    const db = join(folder, 'deleted.sqlite');
    const sandbox = await startSandbox({ dbPath: db, demoLocation: true });
    const client = new SandboxClient(sandbox);
    const [demo] = (await client.call('getLocations', { query: { Page: '1', Limit: '10' } })).json.data as { id: string }[];
    expect((await client.call('deleteLocation', { id: demo?.id ?? '' })).status).toBe(200);
    await sandbox.close();
    expect((await locations(db, true)).map((l) => [l.referenceId, l.deleted])).toEqual([['WH-DEMO', true]]);
  });
});
