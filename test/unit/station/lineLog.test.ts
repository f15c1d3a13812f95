import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLineLog } from '../../../electron/station/lineLog';

const dir = mkdtempSync(join(tmpdir(), 'packbench-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openLineLog', () => {
  it('appends one timestamped line per call, in a folder it creates, readable only by the user', async () => {
    const file = join(dir, 'logs', 'station.log');
    const log = openLineLog(file, { now: () => new Date('2026-03-01T12:00:00.000Z') });
    log('station opened');
    log('a value with\na forged line');
    await log.close();
    expect(readFileSync(file, 'utf8')).toBe('2026-03-01T12:00:00.000Z station opened\n2026-03-01T12:00:00.000Z a value with ⏎ a forged line\n');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);

    const again = openLineLog(file, { now: () => new Date('2026-03-01T12:00:01.000Z') });
    again('second start');
    await again.close();
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });
});
