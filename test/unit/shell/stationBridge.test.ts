/**
 * The object the preload exposes as `window.station`, built with a recording invoke and
 * subscribe instead of ipcRenderer (the bridge is kept free of Electron for exactly this).
 */
import { describe, expect, it } from 'vitest';
import { STATION_METHOD_NAMES, type StationEvent, type StationMethod } from '../../../electron/api';
import { STATION_EVENT_CHANNEL, buildStationBridge, stationChannel, type Invoke, type Subscribe } from '../../../electron/shell/stationBridge';

function recordingBridge() {
  const invoked: [string, unknown][] = [];
  const invoke = ((method: StationMethod, input: unknown) => {
    invoked.push([method, input]);
    return Promise.resolve({ ok: true, value: method });
  }) as Invoke;
  const listeners: ((event: StationEvent) => void)[] = [];
  let unsubscribed = 0;
  const subscribe: Subscribe = (listener) => {
    listeners.push(listener);
    return () => {
      unsubscribed += 1;
    };
  };
  return { bridge: buildStationBridge(invoke, subscribe), invoked, listeners, unsubscribed: () => unsubscribed };
}

describe('the station bridge', () => {
  it('has one function per station method and onEvent, nothing else', () => {
    const { bridge } = recordingBridge();
    const names = Object.keys(bridge).sort();
    expect(names).toEqual([...STATION_METHOD_NAMES, 'onEvent'].sort());
    for (const name of names) expect(typeof (bridge as unknown as Record<string, unknown>)[name], name).toBe('function');
  });

  it('calls each method by its own name with the input as given', async () => {
    const { bridge, invoked } = recordingBridge();
    const methods = bridge as unknown as Record<StationMethod, (input: unknown) => Promise<unknown>>;
    for (const method of STATION_METHOD_NAMES) {
      await expect(methods[method]({ probe: method })).resolves.toEqual({ ok: true, value: method });
    }
    expect(invoked).toEqual(STATION_METHOD_NAMES.map((method) => [method, { probe: method }]));
  });

  it('is frozen, so the page cannot swap a method', () => {
    const { bridge } = recordingBridge();
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('hands the listener only the event, and returns the unsubscribe', () => {
    const { bridge, listeners, unsubscribed } = recordingBridge();
    const seen: StationEvent[] = [];
    const stop = bridge.onEvent((event) => seen.push(event));
    const event: StationEvent = { type: 'connectionChanged', profileId: 'sandbox' };
    listeners[0]?.(event);
    expect(seen).toEqual([event]);
    stop();
    expect(unsubscribed()).toBe(1);
  });

  it('refuses an onEvent listener that is not a function', () => {
    const { bridge } = recordingBridge();
    const onEvent = bridge.onEvent as (listener: unknown) => () => void;
    expect(() => onEvent('alert(1)')).toThrow(TypeError);
  });

  it('names its channels station:<method> and station:event', () => {
    expect(stationChannel('getConnection')).toBe('station:getConnection');
    expect(STATION_EVENT_CHANNEL).toBe('station:event');
  });
});
