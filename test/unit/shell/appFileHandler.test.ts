/**
 * The `app://packbench/` handler against a real renderer folder on disk, with the Fetch API's
 * own Request and Response (Node has them; protocol.handle passes the same kind of objects).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../../electron/shell/appProtocol';
import { createAppFileHandler, type AppFileHandler } from '../../../electron/shell/appFileHandler';

let base: string;
let handler: AppFileHandler;
const refused: string[] = [];

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'packbench-app-protocol-'));
  const renderer = join(base, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Packbench</title>');
  writeFileSync(join(renderer, 'assets', 'index-1.js'), 'export const x = 1;');
  writeFileSync(join(base, 'secret.txt'), 'outside the renderer folder');
  handler = createAppFileHandler(renderer, (line) => refused.push(line));
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('the app protocol handler', () => {
  it('serves index.html at / with its type and the CSP header', async () => {
    const response = await handler(new Request('app://packbench/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Packbench</title>');
  });

  it('serves a script as JavaScript', async () => {
    const response = await handler(new Request('app://packbench/assets/index-1.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('export const x = 1;');
  });

  it('answers HEAD without a body', async () => {
    const response = await handler(new Request('app://packbench/index.html', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('answers 404 for a missing file and for a folder', async () => {
    expect((await handler(new Request('app://packbench/nope.js'))).status).toBe(404);
    expect((await handler(new Request('app://packbench/assets'))).status).toBe(404);
  });

  it('never serves a file outside the renderer folder, and logs the attempt', async () => {
    for (const url of ['app://packbench/..%2fsecret.txt', 'app://packbench/%2e%2e/secret.txt', 'app://packbench/../secret.txt', 'app://other/secret.txt']) {
      const response = await handler(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('outside the renderer folder');
    }
    expect(refused.some((line) => line.includes('encoded separator'))).toBe(true);
    expect(refused.some((line) => line.includes('not the app origin'))).toBe(true);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await handler(new Request('app://packbench/index.html', { method: 'POST', body: 'x' }));
    expect(response.status).toBe(405);
  });
});
