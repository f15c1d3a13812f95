/**
 * The warehouse tests' child processes (desks in processes of their own), bundled once with
 * esbuild so each starts in a fraction of a second instead of a TypeScript compile. The bundle
 * sits inside the project so `pg` and `better-sqlite3` resolve from its node_modules.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function bundleScript(entry: string, name: string): Promise<{ file: string; remove: () => void }> {
  mkdirSync('.cache', { recursive: true });
  const file = join(process.cwd(), '.cache', `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['better-sqlite3', 'pg', 'pg-native'],
    logLevel: 'warning',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}

/** Runs a bundled script to its end and gives what it printed. */
export function runScript(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [file, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
