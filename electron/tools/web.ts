/**
 * The web host from the built output: `node dist/electron/web.js` (made by `npm run build`)
 * runs the station under Node and serves dist/renderer as built, with nothing compiled at start
 * (see webCli.ts for its environment). What `npm run bench:startup` measures.
 */
import { fileURLToPath } from 'node:url';
import { runWebCli } from './webCli';

await runWebCli({ rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)) });
