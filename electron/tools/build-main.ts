/** `npm run build:electron`: builds dist/electron (see mainBuild.ts). */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMain } from './mainBuild';

const projectDir = fileURLToPath(new URL('../..', import.meta.url));
const written = await buildMain(projectDir);
console.log(`built ${written.map((file) => relative(projectDir, file)).join(', ')}`);
