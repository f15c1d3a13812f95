import { execFile } from 'node:child_process';
import { PrintBackendError } from '../backend';

export interface CommandResult {
  /** Exit code; null when the command was killed (timeout). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The tool is not on PATH: callers that have a fallback (ipptool → lpstat) catch this one. */
export class CommandMissingError extends PrintBackendError {
  override name = 'CommandMissingError';
  constructor(readonly command: string) {
    super('failed', `${command} is not installed (the CUPS client tools are needed to print)`);
  }
}

export interface RunOptions {
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
}

/**
 * Runs a CUPS client tool with an argument array, never through a shell, so printer names and
 * titles reach CUPS as single arguments whatever characters they hold. The C locale keeps the
 * text we parse in English. A non-zero exit is returned, not thrown: each caller knows what a
 * failure of its command means; a missing tool or a timeout is thrown as a backend failure.
 */
export function runCupsCommand(file: string, args: readonly string[], options: RunOptions): Promise<CommandResult> {
  const env = { ...options.env, LANG: 'C', LC_ALL: 'C' };
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      [...args],
      { env, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ code: 0, stdout, stderr });
          return;
        }
        if (error.code === 'ENOENT') {
          reject(new CommandMissingError(file));
          return;
        }
        if (typeof error.code === 'number') {
          resolve({ code: error.code, stdout, stderr });
          return;
        }
        if (error.killed) {
          reject(new PrintBackendError('failed', `${file} did not answer within ${options.timeoutMs} ms`));
          return;
        }
        reject(new PrintBackendError('failed', `${file} failed: ${error.message}`));
      },
    );
    // None of the tools reads its standard input; closed at once, it can never wait on it.
    child.stdin?.end();
  });
}
