/**
 * The browser bridge (bridge/bridge.ts) as one classic script. The method list is written into
 * it from STATION_METHOD_NAMES, so the bridge always offers exactly the methods of the station
 * it is served by.
 *
 * `npm run build` writes it once, beside the built web host (dist/electron/station-bridge.js,
 * from the same sources as dist/electron/web.js), and the built web host serves that file; run
 * from the sources (`npm run start:web`, the tests) it is built with esbuild when the web host
 * starts, which costs a tenth of a second and loads esbuild.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { STATION_METHOD_NAMES } from '../api';

const ENTRY = fileURLToPath(new URL('./bridge/bridge.ts', import.meta.url));
/** The file's name beside the built web host. */
export const BUILT_BRIDGE_FILE = 'station-bridge.js';

/** Builds the bridge from its sources with esbuild (loaded only then). */
export async function compileBridgeScript(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    define: { __STATION_METHOD_NAMES__: JSON.stringify(STATION_METHOD_NAMES) },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('esbuild produced no station bridge');
  return output.text;
}

/** The bridge: the built one beside this module when there is one (the built web host), else compiled now. */
export async function buildBridgeScript(): Promise<string> {
  const built = fileURLToPath(new URL(`./${BUILT_BRIDGE_FILE}`, import.meta.url));
  return existsSync(built) ? readFile(built, 'utf8') : compileBridgeScript();
}
