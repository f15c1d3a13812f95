/**
 * `npm run start:web`: runs the station under Node and serves it to a browser on 127.0.0.1
 * (see webCli.ts). Builds the renderer first when its build is missing or stale.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceBuild, runWebCli } from './webCli';
import { ensureRendererBuilt } from '../webhost/rendererBuild';

const projectDir = fileURLToPath(new URL('../..', import.meta.url));
const rendererDir = join(projectDir, 'dist', 'renderer');

await runWebCli({
  rendererDir,
  prepare: async () => {
    const build = announceBuild();
    if (await ensureRendererBuilt(projectDir, rendererDir, build.starting)) build.finished();
  },
  restartHint: '`npm run start:web` starts it again',
});
