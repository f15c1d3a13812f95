/**
 * The preload as it ships: bundled to CommonJS the way electron/tools/build-main.ts does it, then
 * run in a Node vm with a stand-in for the `electron` module (contextBridge and ipcRenderer
 * recorders), because the Electron binary cannot be downloaded here. A sandboxed preload may
 * require only Electron's renderer modules, so the bundle must require nothing else.
 */
import { build } from 'esbuild';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATION_METHOD_NAMES, type StationEvent } from '../../../electron/api';

let code: string;

beforeAll(async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../../electron/preload.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  code = result.outputFiles[0]?.text ?? '';
});

interface Loaded {
  readonly exposed: Map<string, unknown>;
  readonly invoked: unknown[][];
  readonly ipcRenderer: EventEmitter;
  readonly required: string[];
}

function loadPreload(): Loaded {
  const exposed = new Map<string, unknown>();
  const invoked: unknown[][] = [];
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: (...args: unknown[]) => {
      invoked.push(args);
      return Promise.resolve({ ok: true, value: null });
    },
  });
  const required: string[] = [];
  const electron = { contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) }, ipcRenderer };
  const module = { exports: {} };
  runInNewContext(code, {
    module,
    exports: module.exports,
    require: (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    },
  });
  return { exposed, invoked, ipcRenderer, required };
}

describe('the bundled preload', () => {
  it('requires nothing but electron and carries no schema code', () => {
    const requires = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect(new Set(requires)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/zod|safeParse/);
    expect(code.length).toBeLessThan(20_000);
  });

  it('exposes only window.station, with exactly the station methods and onEvent', () => {
    const { exposed, required } = loadPreload();
    expect([...exposed.keys()]).toEqual(['station']);
    expect(required).toEqual(['electron']);
    const station = exposed.get('station') as Record<string, unknown>;
    expect(Object.keys(station).sort()).toEqual([...STATION_METHOD_NAMES, 'onEvent'].sort());
  });

  it('invokes station:<method> with the input and nothing else', async () => {
    const { exposed, invoked } = loadPreload();
    const station = exposed.get('station') as Record<string, (input: unknown) => Promise<unknown>>;
    for (const method of STATION_METHOD_NAMES) await station[method]?.({ n: 1 });
    expect(invoked).toEqual(STATION_METHOD_NAMES.map((method) => [`station:${method}`, { n: 1 }]));
  });

  it('gives event listeners the payload only, never the IPC event, and unsubscribes', () => {
    const { exposed, ipcRenderer } = loadPreload();
    const station = exposed.get('station') as { onEvent: (listener: (...args: unknown[]) => void) => () => void };
    const calls: unknown[][] = [];
    const stop = station.onEvent((...args) => calls.push(args));
    const event: StationEvent = { type: 'connectionChanged', profileId: 'sandbox' };
    ipcRenderer.emit('station:event', { sender: ipcRenderer, ports: [] }, event);
    expect(calls).toEqual([[event]]);
    stop();
    expect(ipcRenderer.listenerCount('station:event')).toBe(0);
  });
});
