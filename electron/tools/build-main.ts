/**
 * Bundles the Electron main process (ESM) and the preload script (CommonJS: Electron loads
 * sandboxed preloads only as CommonJS) into dist/electron, and the web host's entry (ESM, plain
 * Node: `node dist/electron/web.js`) with its browser bridge. Native and Electron modules stay
 * external: better-sqlite3 is loaded from node_modules (unpacked from the asar when packaged), and
 * so is PDFium, whose WebAssembly file is found beside its module.
 */
import { writeFile } from 'node:fs/promises';
import { build, type BuildOptions } from 'esbuild';
import { BUILT_BRIDGE_FILE, compileBridgeScript } from '../webhost/bridgeScript';

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Build tools stay out: the web host compiles its bridge only when run from the sources.
  external: ['electron', 'better-sqlite3', 'pdf-to-printer', '@hyzyla/pdfium', 'esbuild', 'vite'],
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.js', format: 'esm' }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', format: 'cjs' }),
  build({ ...common, entryPoints: ['electron/tools/web.ts'], outfile: 'dist/electron/web.js', format: 'esm' }),
  // The worker thread that reads order files, started by the station from beside its bundle.
  build({ ...common, entryPoints: ['electron/orders/orderFileWorker.ts'], outfile: 'dist/electron/orderFileWorker.js', format: 'esm' }),
]);
// The browser bridge of the built web host, compiled once here rather than at every start.
await writeFile(`dist/electron/${BUILT_BRIDGE_FILE}`, await compileBridgeScript());
console.log(`built dist/electron/main.js, dist/electron/preload.cjs, dist/electron/web.js, dist/electron/orderFileWorker.js and dist/electron/${BUILT_BRIDGE_FILE}`);
