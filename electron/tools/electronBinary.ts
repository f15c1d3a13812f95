/**
 * Where the Electron binary is, if it was downloaded. The `electron` package's main module
 * returns the binary's path, and throws when its postinstall download never happened (as on
 * machines that cannot reach Electron's download host).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export function findElectronBinary(): string | undefined {
  try {
    const binary: unknown = createRequire(import.meta.url)('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}
