/**
 * Bundles the Electron main process (ESM) and the preload script (CommonJS: Electron loads
 * sandboxed preloads only as CommonJS) into dist/electron. Native and Electron modules stay
 * external: better-sqlite3 is loaded from node_modules (unpacked from the asar when packaged).
 */
import { build, type BuildOptions } from 'esbuild';

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: ['electron', 'better-sqlite3', 'pdf-to-printer'],
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.js', format: 'esm' }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', format: 'cjs' }),
]);
console.log('built dist/electron/main.js and dist/electron/preload.cjs');
