/** Builds the renderer once for the browser suite, as `npm start` would. */
import { build } from 'vite';

export default async function globalSetup(): Promise<void> {
  await build({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
}
