/**
 * `npm start`: the desktop app when Electron's binary is downloaded, else the same app in a
 * browser through the web host (as `npm run start:web` runs it). Either way it builds only what
 * is older than its sources, says so in one line when it does, and otherwise prints only what a
 * person needs: why the browser (when it is one) and the address to open.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { findElectronBinary } from './electronBinary';
import { buildMain, mainBuildIsCurrent } from './mainBuild';
import { ensureRendererBuilt } from '../webhost/rendererBuild';
import { announceBuild } from './webCli';

const projectDir = fileURLToPath(new URL('../..', import.meta.url));
const electron = findElectronBinary();
if (electron === undefined) {
  console.log("Packbench opens in a browser: Electron's desktop binary is not downloaded here (`npm run setup:electron` downloads it).");
  await import('./start-web');
} else {
  const build = announceBuild();
  await ensureRendererBuilt(projectDir, join(projectDir, 'dist', 'renderer'), build.starting);
  if (!mainBuildIsCurrent(projectDir)) {
    build.starting();
    await buildMain(projectDir);
  }
  build.finished();
  console.log('Packbench is opening its window (close it to stop).');
  const child = spawn(electron, ['.'], { stdio: 'inherit', cwd: projectDir });
  child.on('exit', (code) => process.exit(code ?? 0));
}
