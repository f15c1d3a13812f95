/** `npm run build:electron`: builds dist/electron (see mainBuild.ts). */
import { fileURLToPath } from 'node:url';
import { buildMain } from './mainBuild';

const written = await buildMain(fileURLToPath(new URL('../..', import.meta.url)));
console.log(`built ${written.join(', ')}`);
