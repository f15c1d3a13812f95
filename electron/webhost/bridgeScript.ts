/**
 * Builds the browser bridge (bridge/bridge.ts) into one classic script when the web host
 * starts. The method list is written into it from STATION_METHOD_NAMES, so the bridge always
 * offers exactly the methods of the station it is served by.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { STATION_METHOD_NAMES } from '../api';

const ENTRY = fileURLToPath(new URL('./bridge/bridge.ts', import.meta.url));

export async function buildBridgeScript(): Promise<string> {
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
