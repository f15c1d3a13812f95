/**
 * The station under plain Node with the web host in front of it: what `npm run start:web` (and
 * `npm start` without an Electron binary) runs. Secrets go to an encrypted file vault inside the
 * data folder, since there is no OS keychain bridge outside Electron.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openStation } from '../station/station';
import type { Station } from '../station/station';
import { FileVault } from '../platform/vault';
import { startWebHost } from './server';
import type { WebHost } from './server';

export interface WebStationOptions {
  readonly dataDir: string;
  readonly rendererDir: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** When `port` is taken, take a free one instead of failing (the port was a default, not a choice). */
  readonly anyPortIfTaken?: boolean;
  readonly log: (line: string) => void;
}

export interface WebStation {
  readonly station: Station;
  readonly webHost: WebHost;
  /** Stops the web host first (no new calls), then the station. */
  close(): Promise<void>;
}

export async function startWebStation(options: WebStationOptions): Promise<WebStation> {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const vault = await FileVault.open(join(options.dataDir, 'vault'));
  const station = await openStation({ dataDir: options.dataDir, vault, log: options.log });
  const serve = (port: number) => startWebHost({ host: station, rendererDir: options.rendererDir, port, log: options.log });
  let webHost: WebHost;
  try {
    webHost = await serve(options.port).catch((error: unknown) => {
      if (options.anyPortIfTaken === true && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') return serve(0);
      throw error;
    });
  } catch (error) {
    await station.close();
    throw error;
  }
  return {
    station,
    webHost,
    async close() {
      await webHost.close();
      await station.close();
    },
  };
}
