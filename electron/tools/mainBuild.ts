/**
 * Bundles the Electron main process (ESM) and the preload script (CommonJS: Electron loads
 * sandboxed preloads only as CommonJS) into dist/electron, and the web host's entry (ESM, plain
 * Node: `node dist/electron/web.js`) with its browser bridge. Native and Electron modules stay
 * external: better-sqlite3 is loaded from node_modules (unpacked from the asar when packaged), and
 * so is PDFium, whose WebAssembly file is found beside its module.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { BUILT_BRIDGE_FILE, compileBridgeScript } from '../webhost/bridgeScript';
import { buildIsCurrent } from '../webhost/rendererBuild';

/** What the main process bundle is made from: a change to any of them makes it stale. */
const MAIN_SOURCES = ['electron', 'package.json'];
export const BUILT_MAIN = 'dist/electron/main.js';

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Build tools stay out: the web host compiles its bridge only when run from the sources.
  external: ['electron', 'better-sqlite3', 'pdf-to-printer', '@hyzyla/pdfium', 'esbuild', 'vite'],
  logLevel: 'warning',
};

/** Builds everything under dist/electron from the sources of `projectDir`; the files it wrote. */
export async function buildMain(projectDir: string): Promise<string[]> {
  const at = (file: string): string => join(projectDir, file);
  await Promise.all([
    build({ ...common, entryPoints: [at('electron/main.ts')], outfile: at(BUILT_MAIN), format: 'esm' }),
    build({ ...common, entryPoints: [at('electron/preload.ts')], outfile: at('dist/electron/preload.cjs'), format: 'cjs' }),
    build({ ...common, entryPoints: [at('electron/tools/web.ts')], outfile: at('dist/electron/web.js'), format: 'esm' }),
    // The worker thread that reads order files, started by the station from beside its bundle.
    build({ ...common, entryPoints: [at('electron/orders/orderFileWorker.ts')], outfile: at('dist/electron/orderFileWorker.js'), format: 'esm' }),
  ]);
  // The browser bridge of the built web host, compiled once here rather than at every start.
  await writeFile(at(`dist/electron/${BUILT_BRIDGE_FILE}`), await compileBridgeScript());
  return [BUILT_MAIN, 'dist/electron/preload.cjs', 'dist/electron/web.js', 'dist/electron/orderFileWorker.js', `dist/electron/${BUILT_BRIDGE_FILE}`];
}

/** Whether dist/electron is at least as new as every source it is built from. */
export function mainBuildIsCurrent(projectDir: string): boolean {
  return buildIsCurrent(projectDir, join(projectDir, BUILT_MAIN), MAIN_SOURCES);
}
