/**
 * Builds the renderer with Vite when dist/renderer is missing or older than its sources, so
 * `npm run start:web` works straight after a checkout and after an edit, and costs nothing
 * when the build is current (as right after `npm run build`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time of any file under `path` (0 when it does not exist). */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const SOURCES = ['renderer/src', 'renderer/public', 'renderer/index.html', 'renderer/vite.config.ts', 'electron/api'];

export function rendererBuildIsCurrent(projectDir: string, rendererDir: string): boolean {
  const index = join(rendererDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((source) => newestChange(join(projectDir, source)) <= built);
}

/** Builds the renderer into dist/renderer unless the build there is current; true when it built. */
export async function ensureRendererBuilt(projectDir: string, rendererDir: string): Promise<boolean> {
  if (rendererBuildIsCurrent(projectDir, rendererDir)) return false;
  // Vite is a build tool: loaded only when a build is needed.
  const { build } = await import('vite');
  await build({ configFile: join(projectDir, 'renderer/vite.config.ts'), logLevel: 'warn' });
  return true;
}
