/**
 * One packing desk's whole station in a process of its own, as `npm run start:web` runs it: the
 * station under Node with its file vault in the data folder, no CUPS (nothing listens where it
 * looks for one), and the web host on 127.0.0.1 with an ephemeral port. It tells the process that
 * started it its address and access token over Node's IPC channel, and closes the web host and
 * the station on `close` (or SIGTERM) before it exits. stationDesks.ts starts and drives it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CupsBackend } from '../../electron/platform/printers/cups/backend';
import { FileVault } from '../../electron/platform/vault';
import { openStation } from '../../electron/station/station';
import { startWebHost } from '../../electron/webhost/server';
import { STATION_DESK_ENV, type StationDeskMessage, type StationDeskRequest, type StationDeskSetup } from './stationDeskChannel';

const json = process.env[STATION_DESK_ENV];
if (json === undefined) throw new Error(`a station desk process needs its setup in ${STATION_DESK_ENV}`);
const setup = JSON.parse(json) as StationDeskSetup;
const log = (line: string): void => void process.stderr.write(`[${path.basename(setup.dataDir)}] ${line}\n`);

try {
  mkdirSync(setup.dataDir, { recursive: true, mode: 0o700 });
  const vault = await FileVault.open(path.join(setup.dataDir, 'vault'));
  const station = await openStation({
    dataDir: setup.dataDir,
    vault,
    printerBackend: new CupsBackend({ env: { PATH: process.env.PATH, HOME: setup.dataDir, CUPS_SERVER: `127.0.0.1:${String(setup.closedCupsPort)}` } }),
    pdfFolder: path.join(setup.dataDir, 'pdf-labels'),
    fileOpener: { open: () => Promise.resolve(), reveal: () => Promise.resolve() },
    log: () => undefined,
    demoOrders: false,
    tuning: setup.tuning,
  });
  const webHost = await startWebHost({ host: station, rendererDir: setup.rendererDir, port: 0, log: () => undefined });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await webHost.close();
      await station.close();
    })());
  const end = (): void => void close().then(() => process.exit(0), (error: unknown) => (log(`closing failed: ${String(error)}`), process.exit(1)));
  process.on('message', (message: StationDeskRequest) => {
    if (message.op === 'close') end();
  });
  process.on('SIGTERM', end);
  process.send?.({ event: 'ready', url: webHost.url, token: webHost.token } satisfies StationDeskMessage);
} catch (error) {
  process.send?.({ event: 'failed', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies StationDeskMessage);
  process.exit(1);
}
