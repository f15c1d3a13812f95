/** Temp folders for the vault tests, and a look at every byte the vault left on disk. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'packbench-vault-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Every file under `dir`, recursively, with its content. */
export function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

/** Whether `secret` appears in any file under `dir`, as UTF-8 text, UTF-16 or base64. */
export function secretAppearsIn(dir: string, secret: string): string[] {
  const forms = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le'), Buffer.from(Buffer.from(secret, 'utf8').toString('base64'), 'utf8')];
  return filesUnder(dir)
    .filter(({ bytes }) => forms.some((form) => bytes.includes(form)))
    .map(({ file }) => file);
}

export function modeOf(file: string): number {
  return statSync(file).mode & 0o777;
}
