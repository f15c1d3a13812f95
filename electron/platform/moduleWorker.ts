/**
 * A worker thread running one of the station's own modules, wherever the station runs from: built,
 * the bundle's sibling file (`<name>.js` beside the main bundle, unpacked from the asar when
 * packaged, since a worker's script cannot be loaded from inside it); from the sources (tsx, the
 * tests), a small script that registers tsx in the worker and imports the `.ts` source beside the
 * caller.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `callerUrl` is the caller's `import.meta.url`; `name` the worker module's file name beside it, without extension. */
export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (callerUrl.endsWith('.ts')) {
    const tsx = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(callerUrl).resolve('tsx/package.json'))).href;
    const source = new URL(`./${name}.ts`, callerUrl).href;
    return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, { ...options, eval: true });
  }
  const built = fileURLToPath(new URL(`./${name}.js`, callerUrl));
  const unpacked = built.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);
  return new Worker(existsSync(unpacked) ? unpacked : built, options);
}
