import { describe, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * Starts the script of `npm run sandbox` (`tsx electron/tools/sandbox.ts`) with tsx's loader in
 * one Node process, and reads what it prints. Not through the tsx command: it runs the script in
 * a second process and relays a signal to it, killing it with SIGKILL (exit 130) when the script
 * has not acknowledged within 30 ms, which a busy machine misses; the signal tests here are about
 * the script's own shutdown.
 */
function startCli(args: string[]): { child: ChildProcess; output: () => string; waitFor: (pattern: RegExp) => Promise<RegExpMatchArray> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/tools/sandbox.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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

// Each test starts its own sandbox process on a port of its own, so the three start side by side.
// Starting one loads the whole sandbox through tsx: seconds, or far longer on a busy machine.
describe.concurrent('npm run sandbox (standalone)', { timeout: 5 * 60_000 }, () => {
  it('prints its addresses and credentials, serves requests, and stops cleanly on SIGTERM', async ({ expect }) => {
    const cli = startCli(['--port', '0', '--api-key', 'test-key-123', '--client-id', 'desk-7', '--client-secret', 's3cret', '--tier', '250-per-minute', '--no-demo-location']);
    const [, baseUrl] = await cli.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+)/);
    await cli.waitFor(/Ctrl\+C stops it/);
    expect(cli.output()).toMatch(/auth URL\s+http:\/\/127\.0\.0\.1:\d+\/auth/);
    expect(cli.output()).toContain('test-key-123');
    expect(cli.output()).toContain('desk-7 / s3cret');
    expect(cli.output()).toContain('250 requests per minute');
    const answer = await fetch(`${baseUrl}/v1/locations?Page=1&Limit=1`, { headers: { 'X-API-KEY': 'test-key-123' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('250');
    expect(((await answer.json()) as { data: unknown[] }).data).toEqual([]);
    cli.child.kill('SIGTERM');
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(cli.output()).toContain('SIGTERM, stopping');
  });

  it('uses the documented demo credentials without flags, and has the demo warehouse to ship from', async ({ expect }) => {
    const cli = startCli(['--port', '0']);
    const [, baseUrl] = await cli.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+)/);
    await cli.waitFor(/Ctrl\+C stops it/);
    expect(cli.output()).toMatch(/API key\s+sandbox-api-key/);
    expect(cli.output()).toMatch(/OAuth client\s+packbench-sandbox \/ sandbox-client-secret/);
    expect(cli.output()).toContain('100 requests per minute');
    // Serving a request means the script has run to its end, where it starts listening for Ctrl+C.
    const answer = await fetch(`${baseUrl}/v1/locations?Page=1&Limit=1`, { headers: { 'X-API-KEY': 'sandbox-api-key' } });
    expect(answer.status).toBe(200);
    // A connection pointed at it can ship at once: there is a location to ship from.
    expect(((await answer.json()) as { data: { referenceId?: string; active?: boolean }[] }).data).toMatchObject([{ referenceId: 'WH-DEMO', active: true }]);
    cli.child.kill('SIGINT');
    expect(((await once(cli.child, 'exit')) as [number | null])[0]).toBe(0);
  });

  it('refuses a bad tier with a clear message', async ({ expect }) => {
    const cli = startCli(['--port', '0', '--tier', 'gold']);
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(cli.output()).toContain('tier must be standard, premium or N-per-minute');
  });
});
