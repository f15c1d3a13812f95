/**
 * `npm start`: launches the desktop app when the Electron binary is present; otherwise says so
 * in one line and runs the station with its web host instead (as `npm run start:web` does), so
 * the same app opens in a browser on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { findElectronBinary } from './electronBinary';

const electron = findElectronBinary();
if (electron !== undefined) {
  const child = spawn(electron, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log("Electron's binary is not installed on this machine (it cannot be downloaded here); starting the web host instead.");
  await import('./start-web');
}
