/**
 * `npm start`: launches the desktop app when the Electron binary is present; otherwise says
 * so in one line and serves the built renderer on 127.0.0.1 so it can be opened in a browser.
 */
import { spawn } from 'node:child_process';
import { preview } from 'vite';
import { findElectronBinary } from './electronBinary';

const electron = findElectronBinary();
if (electron !== undefined) {
  const child = spawn(electron, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log('Electron binary not found (it could not be downloaded on this machine): serving Packbench in the browser instead.');
  const server = await preview({
    configFile: 'renderer/vite.config.ts',
    preview: { host: '127.0.0.1', port: 5180, strictPort: false, open: false },
    logLevel: 'warn',
  });
  console.log(`Open ${server.resolvedUrls?.local[0] ?? 'the printed address'} (Ctrl+C to stop)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
