/**
 * The station's log: one timestamped line per call, appended to a file (the Electron app's logs
 * folder, or the web host's data folder) and, if asked, echoed to stderr during development. The
 * station never hands it secrets; lines are cut at one per call so a value with a newline cannot
 * forge another entry.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LineLog {
  (line: string): void;
  readonly file: string;
  close(): Promise<void>;
}

export function openLineLog(file: string, options: { echo?: boolean; now?: () => Date } = {}): LineLog {
  mkdirSync(dirname(file), { recursive: true });
  const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
  // A log that cannot be written (disk full, folder removed) must never take the app down with it.
  stream.on('error', (error) => process.stderr.write(`the log ${file} cannot be written: ${error.message}\n`));
  const now = options.now ?? (() => new Date());
  const log = (line: string): void => {
    const entry = `${now().toISOString()} ${line.replace(/[\r\n]+/g, ' ⏎ ')}\n`;
    stream.write(entry);
    if (options.echo === true) process.stderr.write(entry);
  };
  return Object.assign(log, {
    file,
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
  });
}
