/**
 * The station under Node with its web host, run from a command line: `npm run start:web`
 * (electron/tools/start-web.ts, which first builds the renderer when its build is stale) and the
 * built entry `node dist/electron/web.js` (electron/tools/web.ts, which serves the build as it
 * is). Prints one line with the address to open (it carries the access token) and stops cleanly
 * on SIGINT or SIGTERM.
 *
 * Environment: PACKBENCH_DATA_DIR (data folder; default ~/.local/share/packbench-web or the
 * platform's equivalent), PACKBENCH_WEB_PORT (default 5180, a free port when that one is taken;
 * 0 always picks a free one). The station's log goes to station.log in the data folder.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openLineLog } from '../station/lineLog';
import { webDataDir } from '../webhost/dataDir';
import { startWebStation } from '../webhost/webStation';

const DEFAULT_PORT = 5180;

function fail(message: string): never {
  console.error(`Packbench could not start: ${message}`);
  process.exit(1);
}

function chosenPort(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PACKBENCH_WEB_PORT must be a port number, not "${text}"`);
  return port;
}

export interface WebCliOptions {
  /** The built renderer to serve. */
  readonly rendererDir: string;
  /** Runs before the station opens (the dev entry builds a stale renderer here). */
  readonly prepare?: () => Promise<unknown>;
  /** How to start it again, said with the address (the dev entry's command). */
  readonly restartHint?: string;
}

/**
 * One line while the app is built before it starts: what is happening and why the start takes
 * longer this time, then how long it took. Nothing when nothing had to be built.
 */
export function announceBuild(write: (text: string) => void = (text) => process.stdout.write(text)): { readonly starting: () => void; readonly finished: () => void } {
  let startedAt: number | undefined;
  return {
    starting: () => {
      if (startedAt !== undefined) return;
      startedAt = performance.now();
      write('Building the app (its first start, or its sources changed)… ');
    },
    finished: () => {
      if (startedAt === undefined) return;
      write(`done in ${String(Math.round((performance.now() - startedAt) / 100) / 10)} s\n`);
    },
  };
}

export async function runWebCli(options: WebCliOptions): Promise<void> {
  const dataDir = webDataDir();
  const port = chosenPort(process.env.PACKBENCH_WEB_PORT);
  try {
    await options.prepare?.();
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  const log = openLineLog(join(dataDir, 'station.log'));
  const running = await startWebStation({ dataDir, rendererDir: options.rendererDir, port: port ?? DEFAULT_PORT, anyPortIfTaken: port === undefined, log }).catch(
    (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
  );

  const again = options.restartHint === undefined ? '' : `; ${options.restartHint}`;
  console.log(`Packbench is running: open ${running.webHost.openUrl} in a browser on this computer (Ctrl+C to stop${again})`);

  let stopping = false;
  function stop(): void {
    // A second Ctrl+C while closing means "now".
    if (stopping) process.exit(130);
    stopping = true;
    running.close().then(
      () => log.close().then(() => process.exit(0)),
      (error: unknown) => {
        console.error(`Packbench did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  }
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
