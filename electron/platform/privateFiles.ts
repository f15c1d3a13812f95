/**
 * Files only this user may read (mode 0600), replaced atomically: the new content is written
 * to a temporary file beside the target, flushed to disk, then renamed over it, and the folder
 * is flushed so the rename itself survives a power cut. A reader therefore sees the old file
 * or the new one, never half of either, and a failed write leaves the old file untouched and
 * no temporary file behind. The vaults and the profile registry both keep their state this way;
 * the stores are SQLite files, made private the same way before SQLite opens them.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

export interface PrivateWriteOptions {
  /** Create the file only if it does not exist yet (fails with EEXIST otherwise), still atomically. */
  readonly exclusive?: boolean;
}

/** `.<name>.<random>.tmp` beside the target: same folder (so rename is atomic), hidden, never a name another writer picks. */
function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Whether a name is one of this module's temporary files (tests and tidy-ups look for them). */
export function isPrivateTempFile(name: string): boolean {
  return /^\..+\.[0-9a-f]{12}\.tmp$/.test(name);
}

/**
 * A folder the station owns (a profile's folder, the vault's): created 0700, and tightened to
 * 0700 when it already exists with a looser mode. Never call it on a folder the user chose
 * (the data folder itself may be any folder): only on folders inside it.
 */
export function ensureOwnPrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { mode } = statSync(dir);
  // A shared folder (the sticky bit, as on /tmp) is never the station's: made 0700 by a store
  // opened straight inside it, it locked every other user and service out (CUPS's filters too).
  if ((mode & STICKY_BIT) !== 0) return;
  if ((mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(dir, PRIVATE_DIR_MODE);
}

const STICKY_BIT = 0o1000;

/**
 * A file only this user may read, such as a SQLite database: created empty with 0600 when it is
 * missing (SQLite then gives its -wal and -shm the file's mode), and tightened to 0600 when it or
 * its -wal/-shm exist with a looser mode (an older version made them 0644).
 */
export function ensurePrivateDatabaseFileSync(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    let mode: number;
    try {
      mode = statSync(path).mode & 0o777;
    } catch {
      continue; // No -wal or -shm yet.
    }
    if (mode !== PRIVATE_FILE_MODE) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/** Creates the folder (and its parents) readable by this user only when it does not exist; an existing folder is left as it is. */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

// Windows cannot open a folder to flush it, and NTFS journals the rename itself.
const canSyncDirectories = process.platform !== 'win32';

function syncDirectorySync(dir: string): void {
  if (!canSyncDirectories) return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function syncDirectory(dir: string): Promise<void> {
  if (!canSyncDirectories) return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function writePrivateFileSync(file: string, data: string | Uint8Array, options: PrivateWriteOptions = {}): void {
  const temp = tempPathFor(file);
  try {
    const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // link() refuses to replace an existing file, which is what "exclusive" means; rename() replaces.
    if (options.exclusive === true) linkSync(temp, file);
    else renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  syncDirectorySync(path.dirname(file));
}

export async function writePrivateFile(file: string, data: string | Uint8Array, options: PrivateWriteOptions = {}): Promise<void> {
  const temp = tempPathFor(file);
  try {
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.exclusive === true) await link(temp, file);
    else await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
  await syncDirectory(path.dirname(file));
}
