import { describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const TSX = 'node_modules/.bin/tsx';

/** Starts `npm run sandbox` (its script, without npm in between) and reads what it prints. */
function startCli(args: string[]): { child: ChildProcess; output: () => string; waitFor: (pattern: RegExp) => Promise<RegExpMatchArray> } {
  const child = spawn(TSX, ['electron/tools/sandbox.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match !== null) {
          listeners.delete(check);
          resolve(match);
        }
      };
      listeners.add(check);
      child.once('exit', (code) => reject(new Error(`sandbox exited (${code}) before printing ${pattern}:\n${output}`)));
      check();
    });
  return { child, output: () => output, waitFor };
}

describe('npm run sandbox (standalone)', () => {
  it('prints its addresses and credentials, serves requests, and stops cleanly on SIGTERM', async () => {
    const cli = startCli(['--port', '0', '--api-key', 'test-key-123', '--client-id', 'desk-7', '--client-secret', 's3cret', '--tier', '250-per-minute']);
    const [, baseUrl] = await cli.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+)/);
    await cli.waitFor(/Ctrl\+C stops it/);
    expect(cli.output()).toMatch(/auth URL\s+http:\/\/127\.0\.0\.1:\d+\/auth/);
    expect(cli.output()).toContain('test-key-123');
    expect(cli.output()).toContain('desk-7 / s3cret');
    expect(cli.output()).toContain('250 requests per minute');
    const answer = await fetch(`${baseUrl}/v1/locations?Page=1&Limit=1`, { headers: { 'X-API-KEY': 'test-key-123' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('250');
    cli.child.kill('SIGTERM');
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(cli.output()).toContain('SIGTERM, stopping');
  });

  it('uses the documented demo credentials without flags', async () => {
    const cli = startCli(['--port', '0']);
    await cli.waitFor(/Ctrl\+C stops it/);
    expect(cli.output()).toMatch(/API key\s+sandbox-api-key/);
    expect(cli.output()).toMatch(/OAuth client\s+packbench-sandbox \/ sandbox-client-secret/);
    expect(cli.output()).toContain('100 requests per minute');
    cli.child.kill('SIGINT');
    expect(((await once(cli.child, 'exit')) as [number | null])[0]).toBe(0);
  });

  it('refuses a bad tier with a clear message', async () => {
    const cli = startCli(['--port', '0', '--tier', 'gold']);
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(cli.output()).toContain('tier must be standard, premium or N-per-minute');
  });
});
