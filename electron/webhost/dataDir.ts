/**
 * Where the station keeps its data when it runs under Node for the browser: `PACKBENCH_DATA_DIR`
 * when set, else the platform's per-user data folder. It is a folder of its own, apart from
 * the desktop app's, so the two never open the same SQLite files at once.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const FOLDER = 'packbench-web';

export function webDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  const chosen = env.PACKBENCH_DATA_DIR;
  if (chosen !== undefined && chosen.trim() !== '') return resolve(chosen);
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), FOLDER);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', FOLDER);
  const xdg = env.XDG_DATA_HOME;
  return join(xdg !== undefined && xdg.startsWith('/') ? xdg : join(home, '.local', 'share'), FOLDER);
}
