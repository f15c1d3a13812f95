/**
 * A profile whose data file is damaged must not stop the desk: the station moves the file aside
 * (keeping every byte), starts a fresh one, and says where the old one is.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionInfo } from '../../../electron/api';
import { SANDBOX_PROFILE_ID } from '../../../electron/api';
import { profileStorePath } from '../../../electron/station/connection';
import { openStation, type Station } from '../../../electron/station/station';
import { FileVault } from '../../../electron/platform/vault';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dataDir: string, log: string[]): Promise<Station> {
  return openStation({ dataDir, vault: await FileVault.open(join(dataDir, 'vault')), log: (line) => log.push(line) });
}

async function connection(station: Station): Promise<ConnectionInfo> {
  const answer = await station.call('getConnection', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value as ConnectionInfo;
}

describe('a damaged station data file', () => {
  it('is moved aside whole, a fresh store opens, and the connection says where the old file is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'packbench-recovery-'));
    dirs.push(dataDir);
    const first = await open(dataDir, []);
    expect((await first.call('updateSettings', { deskId: 'DESK7' })).ok).toBe(true);
    await first.close();

    const file = profileStorePath(dataDir, SANDBOX_PROFILE_ID);
    const damaged = Buffer.from('this is not a SQLite database, it is what a failing disk left behind');
    writeFileSync(file, damaged);

    const log: string[] = [];
    const second = await open(dataDir, log);
    try {
      const info = await connection(second);
      expect(info.notice).toMatch(/damaged .* moved aside to .*station\.sqlite\.corrupt-/);
      const kept = readdirSync(dirname(file)).filter((name) => name.startsWith('station.sqlite.corrupt-') && !name.endsWith('-wal') && !name.endsWith('-shm'));
      expect(kept).toHaveLength(1);
      expect(readFileSync(join(dirname(file), kept[0] ?? ''))).toEqual(damaged);
      expect(existsSync(file)).toBe(true);
      // The fresh store works: settings start from their defaults and can be saved again.
      expect(await second.call('getSettings', {})).toMatchObject({ ok: true, value: { deskId: 'DESK1' } });
      expect(log.some((line) => line.includes('moved aside'))).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('a profile that cannot open', () => {
  it('leaves the desk on the connection it had, and says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'packbench-switch-'));
    dirs.push(dataDir);
    const station = await open(dataDir, []);
    try {
      const saved = await station.call('saveProfile', {
        name: 'Head office',
        baseUrl: 'https://ship.example.com',
        authUrl: 'https://auth.example.com',
        method: 'apiKey',
        tier: 'Standard',
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const profileId = (saved.value as { id: string }).id;
      // A folder where its data file should be: SQLite cannot open it, and it is not a damaged file to move aside.
      mkdirSync(profileStorePath(dataDir, profileId), { recursive: true });

      const switched = await station.call('switchProfile', { profileId });
      expect(switched).toMatchObject({ ok: false, error: { message: expect.stringMatching(/"Head office" could not open its data .*stays on "Sandbox"/) } });
      const info = await connection(station);
      expect(info.profile.id).toBe(SANDBOX_PROFILE_ID);
      // The sandbox connection still works after the failed switch.
      expect(await station.call('getSettings', {})).toMatchObject({ ok: true });
      expect((await station.call('listProfiles', {})).ok).toBe(true);
    } finally {
      await station.close();
    }
  });
});
