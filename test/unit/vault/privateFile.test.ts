import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureOwnPrivateDirSync, ensurePrivateDir, isPrivateTempFile, writePrivateFile, writePrivateFileSync } from '../../../electron/platform/privateFiles';
import { modeOf, tempDir } from './support';

describe('private files', () => {
  it('are written with mode 0600, and replacing a wider file leaves 0600', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'state.json');
    writeFileSync(file, 'old', { mode: 0o644 });
    chmodSync(file, 0o644);
    await writePrivateFile(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(modeOf(file)).toBe(0o600);

    const other = path.join(dir, 'other.json');
    writePrivateFileSync(other, Buffer.from([1, 2, 3]));
    expect(readFileSync(other)).toEqual(Buffer.from([1, 2, 3]));
    expect(modeOf(other)).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['other.json', 'state.json']);
  });

  it('a created folder is 0700', async () => {
    const dir = path.join(tempDir(), 'a', 'b');
    await ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it("the station's own folder is tightened to 0700, but a shared one (sticky, like /tmp) is left as it is", () => {
    const own = path.join(tempDir(), 'profile');
    mkdirSync(own, { mode: 0o755 });
    chmodSync(own, 0o755);
    ensureOwnPrivateDirSync(own);
    expect(modeOf(own)).toBe(0o700);

    const shared = path.join(tempDir(), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    ensureOwnPrivateDirSync(shared);
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });

  it('a write that fails leaves the old content and no temporary file', async () => {
    const dir = tempDir();
    // A folder where the file should go: the final rename fails after the temporary file was written.
    const target = path.join(dir, 'taken');
    mkdirSync(target);
    writeFileSync(path.join(target, 'inside'), 'keep');
    await expect(writePrivateFile(target, 'data')).rejects.toThrow();
    expect(() => writePrivateFileSync(target, 'data')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readFileSync(path.join(target, 'inside'), 'utf8')).toBe('keep');
  });

  it('an exclusive write never replaces an existing file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'key');
    await writePrivateFile(file, 'first', { exclusive: true });
    await expect(writePrivateFile(file, 'second', { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(() => writePrivateFileSync(file, 'third', { exclusive: true })).toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(readdirSync(dir)).toEqual(['key']);
  });

  it('many concurrent replacements leave one whole version and no temporary files', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'state.json');
    const versions = Array.from({ length: 40 }, (_, n) => JSON.stringify({ n, pad: 'x'.repeat(5000) }));
    await Promise.all(versions.map((text) => writePrivateFile(file, text)));
    expect(versions).toContain(readFileSync(file, 'utf8'));
    expect(readdirSync(dir).filter(isPrivateTempFile)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});
