/**
 * Whether a build is older than its sources, and the renderer built with Vite when it is, so
 * `npm start` and `npm run start:web` work straight after a checkout and after an edit, and cost
 * nothing when the build is current (as right after `npm run build`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Folders under the sources that hold tools' caches, not sources: Vitest keeps Vite's cache for
 * the renderer's tests in renderer/src/node_modules/.vite, written whenever they run.
 */
const NOT_SOURCES: ReadonlySet<string> = new Set(['node_modules']);

/** The newest modification time of any source file under `path` (0 when it does not exist). */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) if (!NOT_SOURCES.has(entry)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Whether `built` exists and no file under `sources` (relative to `projectDir`) changed after it. */
export function buildIsCurrent(projectDir: string, built: string, sources: readonly string[]): boolean {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return sources.every((source) => newestChange(join(projectDir, source)) <= builtAt);
}

const RENDERER_SOURCES = ['renderer/src', 'renderer/public', 'renderer/index.html', 'renderer/vite.config.ts', 'electron/api'];

export function rendererBuildIsCurrent(projectDir: string, rendererDir: string): boolean {
  return buildIsCurrent(projectDir, join(rendererDir, 'index.html'), RENDERER_SOURCES);
}

/**
 * Builds the renderer into dist/renderer unless the build there is current; true when it built.
 * `onBuild` is told first, so a person waiting knows why the start takes longer this time.
 */
export async function ensureRendererBuilt(projectDir: string, rendererDir: string, onBuild?: () => void): Promise<boolean> {
  if (rendererBuildIsCurrent(projectDir, rendererDir)) return false;
  onBuild?.();
  // Vite is a build tool: loaded only when a build is needed.
  const { build } = await import('vite');
  // Errors only: a person waiting for the desk to open has no use for bundle-size advice.
  await build({ configFile: join(projectDir, 'renderer/vite.config.ts'), logLevel: 'error' });
  return true;
}
