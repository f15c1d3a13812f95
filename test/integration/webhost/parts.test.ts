import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../../electron/webhost/bridge/sseParser';
import { webDataDir } from '../../../electron/webhost/dataDir';
import { announceBuild } from '../../../electron/tools/webCli';
import { mainBuildIsCurrent } from '../../../electron/tools/mainBuild';
import { rendererBuildIsCurrent } from '../../../electron/webhost/rendererBuild';
import { injectBridge } from '../../../electron/webhost/staticFiles';

describe("the bridge's SSE reader", () => {
  it('puts events back together however the stream is cut, and skips comments and other fields', () => {
    const stream = 'retry: 2000\n: connected\n\nid: 1\ndata: {"a":1}\n\n: heartbeat\r\n\r\nid: 2\r\ndata:{"b":2}\r\n\r\nevent: x\ndata: one\ndata: two\n\ndata: three\r\ndata: four\r\n\r\n';
    for (const size of [1, 2, 3, 7, stream.length]) {
      const seen: string[] = [];
      const feed = createSseParser((data) => seen.push(data));
      for (let at = 0; at < stream.length; at += size) feed(stream.slice(at, at + size));
      expect(seen, `chunks of ${size}`).toEqual(['{"a":1}', '{"b":2}', 'one\ntwo', 'three\nfour']);
    }
  });

  it('holds back an event until its blank line arrives', () => {
    const seen: string[] = [];
    const feed = createSseParser((data) => seen.push(data));
    feed('data: {"a":1}\n');
    expect(seen).toEqual([]);
    feed('\n');
    expect(seen).toEqual(['{"a":1}']);
  });
});

describe('loading the bridge into index.html', () => {
  it('goes before the first script, or at the end of <head> when there is none', () => {
    expect(injectBridge('<head><title>x</title><script type="module" src="a.js"></script></head>')).toBe(
      '<head><title>x</title><script src="/station-bridge.js"></script>\n    <script type="module" src="a.js"></script></head>',
    );
    expect(injectBridge('<head><title>x</title></head>')).toBe('<head><title>x</title><script src="/station-bridge.js"></script>\n  </head>');
    expect(() => injectBridge('<p>no head</p>')).toThrow(/no <head>/);
  });
});

describe('the data folder', () => {
  it('is PACKBENCH_DATA_DIR when set, else the per-user data folder of the platform', () => {
    expect(webDataDir({ PACKBENCH_DATA_DIR: '/srv/desk' }, 'linux', '/home/p')).toBe('/srv/desk');
    expect(webDataDir({}, 'linux', '/home/p')).toBe('/home/p/.local/share/packbench-web');
    expect(webDataDir({ XDG_DATA_HOME: '/data' }, 'linux', '/home/p')).toBe('/data/packbench-web');
    // A relative XDG_DATA_HOME is invalid by the XDG spec and ignored.
    expect(webDataDir({ XDG_DATA_HOME: 'rel' }, 'linux', '/home/p')).toBe('/home/p/.local/share/packbench-web');
    expect(webDataDir({ PACKBENCH_DATA_DIR: '  ' }, 'darwin', '/Users/p')).toBe('/Users/p/Library/Application Support/packbench-web');
    expect(webDataDir({ LOCALAPPDATA: 'C:\\Users\\p\\AppData\\Local' }, 'win32', 'C:\\Users\\p')).toContain('packbench-web');
  });
});

describe('whether the renderer must be built', () => {
  it('is so when the build is missing or older than a source, and not otherwise', () => {
    const project = mkdtempSync(join(tmpdir(), 'packbench-build-'));
    try {
      const dist = join(project, 'dist', 'renderer');
      mkdirSync(join(project, 'renderer', 'src'), { recursive: true });
      mkdirSync(join(project, 'electron', 'api'), { recursive: true });
      writeFileSync(join(project, 'renderer', 'src', 'App.svelte'), '<p>x</p>');
      writeFileSync(join(project, 'renderer', 'index.html'), '<html></html>');
      writeFileSync(join(project, 'electron', 'api', 'methods.ts'), 'export {};');
      expect(rendererBuildIsCurrent(project, dist)).toBe(false);

      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<html></html>');
      const past = new Date(Date.now() - 60_000);
      for (const file of ['renderer/src/App.svelte', 'renderer/index.html', 'electron/api/methods.ts']) utimesSync(join(project, file), past, past);
      expect(rendererBuildIsCurrent(project, dist)).toBe(true);

      // A tool's cache beside the sources is not a source: the renderer's tests write Vite's there.
      mkdirSync(join(project, 'renderer', 'src', 'node_modules', '.vite'), { recursive: true });
      const future = new Date(Date.now() + 60_000);
      writeFileSync(join(project, 'renderer', 'src', 'node_modules', '.vite', '_svelte_metadata.json'), '{}');
      utimesSync(join(project, 'renderer', 'src', 'node_modules', '.vite', '_svelte_metadata.json'), future, future);
      expect(rendererBuildIsCurrent(project, dist)).toBe(true);

      utimesSync(join(project, 'electron/api/methods.ts'), future, future);
      expect(rendererBuildIsCurrent(project, dist)).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('whether the main process must be built before the desktop window opens', () => {
  it('is so when dist/electron/main.js is missing or older than anything under electron/ or package.json', () => {
    const project = mkdtempSync(join(tmpdir(), 'packbench-build-'));
    try {
      mkdirSync(join(project, 'electron', 'station'), { recursive: true });
      writeFileSync(join(project, 'electron', 'station', 'station.ts'), 'export {};');
      writeFileSync(join(project, 'package.json'), '{}');
      expect(mainBuildIsCurrent(project)).toBe(false);

      mkdirSync(join(project, 'dist', 'electron'), { recursive: true });
      writeFileSync(join(project, 'dist', 'electron', 'main.js'), '');
      const past = new Date(Date.now() - 60_000);
      for (const file of ['electron/station/station.ts', 'package.json']) utimesSync(join(project, file), past, past);
      expect(mainBuildIsCurrent(project)).toBe(true);

      const future = new Date(Date.now() + 60_000);
      utimesSync(join(project, 'package.json'), future, future);
      expect(mainBuildIsCurrent(project)).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('what a start says while it builds', () => {
  it('one line, only when something is built, however many parts are built', () => {
    let said = '';
    const quiet = announceBuild((text) => (said += text));
    quiet.finished();
    expect(said).toBe('');

    const building = announceBuild((text) => (said += text));
    building.starting();
    building.starting();
    building.finished();
    expect(said).toMatch(/^Building the app \(its first start, or its sources changed\)… done in \d+(\.\d)? s\n$/);
  });
});
