/**
 * The IPC transport with a stand-in for Electron's ipcMain (it records the handlers, and the
 * test calls them with event objects shaped like IpcMainInvokeEvent): the Electron binary cannot
 * be downloaded here, so there is no real ipcMain or renderer. Behind it is the station's real
 * dispatcher (input validation included) over handlers that echo what they were given.
 */
import { describe, expect, it } from 'vitest';
import { STATION_METHOD_NAMES, type StationEvent, type StationHandlers } from '../../../electron/api';
import { createDispatch } from '../../../electron/station/dispatch';
import type { StationHost } from '../../../electron/station/host';
import {
  isAppMainFrame,
  registerStationIpc,
  type EventReceiver,
  type InvokeEvent,
  type IpcHandlerRegistry,
  type SenderFrame,
  type StationCallHandler,
} from '../../../electron/shell/ipc';

class FakeIpcMain implements IpcHandlerRegistry {
  readonly handlers = new Map<string, StationCallHandler>();
  handle(channel: string, listener: StationCallHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`); // as Electron does
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  call(channel: string, event: InvokeEvent, input: unknown) {
    const handler = this.handlers.get(channel);
    if (handler === undefined) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, input);
  }
}

/** A station whose every method answers with its own name and the input it got (after validation). */
function echoHost() {
  const calls: string[] = [];
  // Built from the names, so the echo covers every method; the dispatcher only needs callables.
  const handlers = Object.fromEntries(
    STATION_METHOD_NAMES.map((method) => [method, (input: unknown) => (calls.push(method), { method, input })]),
  ) as unknown as StationHandlers;
  const listeners = new Set<(event: StationEvent) => void>();
  const host: StationHost = {
    call: createDispatch(handlers),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { host, calls, listeners, emit: (event: StationEvent) => listeners.forEach((listener) => listener(event)) };
}

const mainFrame: SenderFrame = { url: 'app://packbench/index.html', parent: null };
const fromApp: InvokeEvent = { senderFrame: mainFrame };

describe('registerStationIpc', () => {
  it('registers exactly one station:<method> handler per station method', () => {
    const ipc = new FakeIpcMain();
    registerStationIpc(ipc, echoHost().host);
    expect([...ipc.handlers.keys()].sort()).toEqual(STATION_METHOD_NAMES.map((method) => `station:${method}`).sort());
  });

  it("passes a call from the app's main frame to the station and returns its ApiResult", async () => {
    const ipc = new FakeIpcMain();
    const { host, calls } = echoHost();
    registerStationIpc(ipc, host);
    const result = await ipc.call('station:deleteLocation', fromApp, { id: 'LOC-1' });
    expect(result).toEqual({ ok: true, value: { method: 'deleteLocation', input: { id: 'LOC-1' } } });
    expect(calls).toEqual(['deleteLocation']);
  });

  it('leaves validation to the station: a bad input comes back as invalidInput, never as an exception', async () => {
    const ipc = new FakeIpcMain();
    const { host, calls } = echoHost();
    registerStationIpc(ipc, host);
    const result = await ipc.call('station:deleteLocation', fromApp, { id: '', extra: true });
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.error.code).toBe('invalidInput');
    expect(calls).toEqual([]);
  });

  it.each<[string, SenderFrame | null]>([
    ['a subframe of the app', { url: 'app://packbench/frame.html', parent: mainFrame }],
    ['a remote page', { url: 'https://example.com/', parent: null }],
    ['a file page', { url: 'file:///tmp/evil.html', parent: null }],
    ['another app:// host', { url: 'app://evil/index.html', parent: null }],
    ['the loopback web host', { url: 'http://127.0.0.1:5180/', parent: null }],
    ['a frame that is gone', null],
  ])('refuses %s with a permission failure and never calls the station', async (_name, frame) => {
    const ipc = new FakeIpcMain();
    const { host, calls } = echoHost();
    const logged: string[] = [];
    registerStationIpc(ipc, host, isAppMainFrame, { log: (line) => logged.push(line) });
    const result = await ipc.call('station:getSettings', { senderFrame: frame }, {});
    expect(result).toEqual({ ok: false, error: { code: 'permission', message: 'this page may not call the station', fields: [], retryable: false } });
    expect(calls).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  it('uses the trusted-frame check it is given', async () => {
    const ipc = new FakeIpcMain();
    const { host } = echoHost();
    registerStationIpc(ipc, host, () => false);
    expect((await ipc.call('station:getSettings', fromApp, {})).ok).toBe(false);
  });

  it('turns a transport-level throw into an internal ApiResult', async () => {
    const ipc = new FakeIpcMain();
    const host: StationHost = { call: () => Promise.reject(new Error('boom')), onEvent: () => () => undefined };
    registerStationIpc(ipc, host);
    const result = await ipc.call('station:getSettings', fromApp, {});
    expect(result.ok ? undefined : result.error.code).toBe('internal');
    expect(JSON.stringify(result)).not.toContain('boom');
  });

  it("sends station events on station:event to the app's live windows only", () => {
    const ipc = new FakeIpcMain();
    const { host, emit } = echoHost();
    const receivers = (url: string, destroyed = false) => {
      const sent: unknown[][] = [];
      const receiver: EventReceiver = { isDestroyed: () => destroyed, getURL: () => url, send: (...args) => void sent.push(args) };
      return { receiver, sent };
    };
    const app = receivers('app://packbench/index.html');
    const gone = receivers('app://packbench/index.html', true);
    const foreign = receivers('https://example.com/');
    registerStationIpc(ipc, host, isAppMainFrame, { eventReceivers: () => [app.receiver, gone.receiver, foreign.receiver] });
    const event: StationEvent = { type: 'connectionChanged', profileId: 'sandbox' };
    emit(event);
    expect(app.sent).toEqual([['station:event', event]]);
    expect(gone.sent).toEqual([]);
    expect(foreign.sent).toEqual([]);
  });

  it('removes every handler and the event subscription when unregistered', () => {
    const ipc = new FakeIpcMain();
    const { host, listeners } = echoHost();
    const unregister = registerStationIpc(ipc, host);
    expect(listeners.size).toBe(1);
    unregister();
    expect(ipc.handlers.size).toBe(0);
    expect(listeners.size).toBe(0);
    // Registering again works (Electron refuses a second handler on the same channel).
    registerStationIpc(ipc, host);
    expect(ipc.handlers.size).toBe(STATION_METHOD_NAMES.length);
  });
});

describe('isAppMainFrame', () => {
  it('is a main frame on the app origin, nothing else', () => {
    expect(isAppMainFrame(mainFrame)).toBe(true);
    expect(isAppMainFrame({ url: 'app://packbench/index.html', parent: mainFrame })).toBe(false);
    expect(isAppMainFrame({ url: 'app://packbench.example/index.html', parent: null })).toBe(false);
    expect(isAppMainFrame(null)).toBe(false);
  });
});
