/**
 * Opening a file the station wrote (a label saved by the PDF folder printer) the way this computer
 * opens files: with its PDF viewer, or shown in its folder. The seam between the station and the
 * desktop: the Electron shell passes its own (shell.openPath, showItemInFolder); under plain Node
 * (the web host, which serves only this computer's browser) the platform's opener program is run,
 * without a shell.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface FileOpener {
  /** Opens the file with the program this computer opens such files with. */
  open(file: string): Promise<void>;
  /** Shows the file in its folder (selected, where the platform can). */
  reveal(file: string): Promise<void>;
}

/** The command that opens or reveals a file on `platform`, as a program and its arguments. */
export function openerCommand(platform: NodeJS.Platform, file: string, reveal: boolean): { program: string; args: string[] } {
  if (platform === 'darwin') return { program: 'open', args: reveal ? ['-R', file] : [file] };
  // explorer takes "/select," and the path as one argument.
  if (platform === 'win32') return reveal ? { program: 'explorer.exe', args: [`/select,${file}`] } : { program: 'explorer.exe', args: [file] };
  // xdg-open has no "select": the folder is opened instead.
  return { program: 'xdg-open', args: [reveal ? path.dirname(file) : file] };
}

/** Runs the opener and lets it go: the viewer lives on after the station, as if opened by hand. */
function launch(program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { detached: true, stdio: 'ignore' });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? `this computer has no ${program} to open files with` : `${program} could not be started (${error.message})`)),
    );
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

export function systemFileOpener(platform: NodeJS.Platform = process.platform): FileOpener {
  const run = (file: string, reveal: boolean): Promise<void> => {
    const { program, args } = openerCommand(platform, file, reveal);
    return launch(program, args);
  };
  return { open: (file) => run(file, false), reveal: (file) => run(file, true) };
}
