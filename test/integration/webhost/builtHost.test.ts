/**
 * The built web host, as `npm run build` makes it and a desk runs it (`node dist/electron/web.js`):
 * bundled into one ES module with its CommonJS packages (the image decoders ask for Node's
 * built-ins), it starts, answers, its order-file worker (a bundle of its own) reads a file, and its
 * ZPL worker (another) draws a label.
 * Built into a folder of its own under the project's .cache (the bundle finds its external modules
 * in the project's node_modules), started as a child process on 127.0.0.1 with an ephemeral port,
 * stopped by its PID.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZplDrawAnswer, ZplDrawRequest } from '../../../electron/printing/zpl/zplDrawWorker';
import { buildMain } from '../../../electron/tools/mainBuild';

const projectDir = fileURLToPath(new URL('../../..', import.meta.url));
const OPEN_URL = /open (http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)) in a browser/;
/** Bundling and starting on a busy two-core machine: a guard against a hang, not a timing. */
const SLOW_MS = 120_000;

let buildDir: string;
let dataDir: string;
let host: ChildProcessByStdio<null, Readable, Readable> | undefined;
let printed = '';
let base = '';
let token = '';

beforeAll(async () => {
  mkdirSync(join(projectDir, '.cache'), { recursive: true });
  buildDir = mkdtempSync(join(projectDir, '.cache', 'built-host-'));
  dataDir = mkdtempSync(join(tmpdir(), 'packbench-built-host-'));
  await buildMain(projectDir, join(buildDir, 'electron'));
  // The page it serves is not what is tested here (the browser suite builds and drives the real one).
  mkdirSync(join(buildDir, 'renderer'));
  writeFileSync(join(buildDir, 'renderer', 'index.html'), '<!doctype html><html><head><title>Packbench</title></head><body></body></html>');
  const child = spawn(process.execPath, [join(buildDir, 'electron', 'web.js')], {
    env: { ...process.env, PACKBENCH_DATA_DIR: dataDir, PACKBENCH_WEB_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  host = child;
  const address = await new Promise<RegExpExecArray>((resolve, reject) => {
    const seen = (chunk: Buffer): void => {
      printed += chunk.toString();
      const match = OPEN_URL.exec(printed);
      if (match !== null) resolve(match);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`the built web host exited (${String(code)}): ${printed}`)));
  });
  base = `http://127.0.0.1:${address[2] ?? ''}/api/`;
  token = address[3] ?? '';
}, SLOW_MS);

afterAll(async () => {
  if (host !== undefined && host.exitCode === null && host.pid !== undefined) {
    const exited = once(host, 'exit');
    process.kill(host.pid, 'SIGTERM');
    await exited;
  }
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}, SLOW_MS);

async function call<T>(method: string, input: unknown): Promise<T> {
  const response = await fetch(`${base}${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(input) });
  const answer = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!answer.ok) throw new Error(`${method}: ${answer.error?.message ?? '?'}`);
  return answer.value as T;
}

describe('the built web host', () => {
  it('starts and answers with the embedded sandbox', async () => {
    expect(printed).not.toMatch(/Dynamic require|is not supported/);
    expect(await call<{ profile: { kind: string } }>('getConnection', {})).toMatchObject({ profile: { kind: 'sandbox' } });
  });

  it('reads an order file in its bundled worker', async () => {
    const text = 'Order No,Recipient,Street,City,State,Postcode,Country,SKU,Qty,Weight,Weight unit\nBH-1,Pat Rivera,500 Howard St,San Francisco,CA,94105,US,MUG,1,12,oz\n';
    const { fileId } = await call<{ fileId: string }>('openOrderFile', { name: 'orders.csv', size: Buffer.byteLength(text) });
    await call('appendOrderFile', { fileId, offset: 0, data: Buffer.from(text).toString('base64') });
    expect(await call<{ orderCount: number; problemRowCount: number }>('previewOrderImport', { fileId })).toMatchObject({ orderCount: 1, problemRowCount: 0 });
  }, SLOW_MS);

  it('draws carrier ZPL in its bundled worker, the renderer bundled with it', async () => {
    // The host starts this file as its ZPL worker at the first carrier ZPL label for a PDF printer.
    const worker = new Worker(join(buildDir, 'electron', 'zplDrawWorker.js'));
    try {
      const request: ZplDrawRequest = { id: 7, program: '^XA^FO40,40^GB100,60,60^FS^XZ', widthMm: 50.8, lengthMm: 25.4, dotsPerMm: 8 };
      worker.postMessage(request);
      const [answer] = (await once(worker, 'message')) as [ZplDrawAnswer];
      if ('error' in answer) throw new Error(answer.error);
      expect(answer.id).toBe(7);
      const { width, pixels } = answer.image;
      // The box drawn black, the paper around it white.
      expect(pixels[70 * width + 90]).toBeLessThan(128);
      expect(pixels[10 * width + 10]).toBeGreaterThan(128);
    } finally {
      await worker.terminate();
    }
  }, SLOW_MS);
});
