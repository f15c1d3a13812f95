/**
 * Bundles the Electron main process (ESM) and the preload script (CommonJS: Electron loads
 * sandboxed preloads only as CommonJS) into dist/electron, and the web host's entry (ESM, plain
 * Node: `node dist/electron/web.js`) with its browser bridge. Native and Electron modules stay
 * external: better-sqlite3 is loaded from node_modules (unpacked from the asar when packaged), and
 * so is PDFium, whose WebAssembly file is found beside its module.
 */
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
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

/**
 * An ES module bundle's own `require`: CommonJS packages bundled into it (pngjs, omggif, jpeg-js)
 * require Node's built-ins (`util`, `zlib`, `stream`), which esbuild's ESM output cannot do without
 * one ("Dynamic require of "util" is not supported" at start).
 */
const esm: BuildOptions = {
  format: 'esm',
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);" },
};

/** The station's worker threads, each bundled beside the main bundle (see platform/moduleWorker.ts): reading order files, drawing carrier ZPL. */
const WORKERS = ['electron/orders/orderFileWorker.ts', 'electron/printing/zpl/zplDrawWorker.ts'];

/**
 * Bundles a script that runs the station under plain Node (the web host's entry, or a test's desk
 * process) as `outDir/outFile`, with what the station loads from beside its bundle: its worker
 * threads and the web host's browser bridge, compiled once here rather than
 * at every start. `outDir` must be inside the project, so the external modules are found in its
 * node_modules. The script to run, and every file it wrote.
 */
export async function buildNodeStation(projectDir: string, entry: string, outDir: string, outFile: string): Promise<{ readonly script: string; readonly files: string[] }> {
  const out = (file: string): string => join(outDir, file);
  await Promise.all([
    build({ ...common, ...esm, entryPoints: [join(projectDir, entry)], outfile: out(outFile) }),
    ...WORKERS.map((worker) => build({ ...common, ...esm, entryPoints: [join(projectDir, worker)], outfile: out(`${basename(worker, '.ts')}.js`) })),
  ]);
  await writeFile(out(BUILT_BRIDGE_FILE), await compileBridgeScript());
  return { script: out(outFile), files: [outFile, ...WORKERS.map((worker) => `${basename(worker, '.ts')}.js`), BUILT_BRIDGE_FILE].map(out) };
}

/**
 * Builds everything under dist/electron (or `outDir`) from the sources of `projectDir`; the files
 * it wrote. `outDir` must be inside the project, so the external modules are found in its node_modules.
 */
export async function buildMain(projectDir: string, outDir = join(projectDir, 'dist', 'electron')): Promise<string[]> {
  const at = (file: string): string => join(projectDir, file);
  const out = (file: string): string => join(outDir, file);
  const [station] = await Promise.all([
    buildNodeStation(projectDir, 'electron/tools/web.ts', outDir, 'web.js'),
    build({ ...common, ...esm, entryPoints: [at('electron/main.ts')], outfile: out('main.js') }),
    build({ ...common, entryPoints: [at('electron/preload.ts')], outfile: out('preload.cjs'), format: 'cjs' }),
  ]);
  return [out('main.js'), out('preload.cjs'), ...station.files];
}

/** Whether dist/electron is at least as new as every source it is built from. */
export function mainBuildIsCurrent(projectDir: string): boolean {
  return buildIsCurrent(projectDir, join(projectDir, BUILT_MAIN), MAIN_SOURCES);
}
