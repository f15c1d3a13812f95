/**
 * The renderer's one way to the station: `window.station`, put there by the Electron preload or
 * by the web host's bridge script. State classes call methods through `station.call` (an
 * ApiResult, never a throw) or `station.value` (the value, or a thrown `StationCallError` for
 * the edge's error handler), and follow events through `station.on`, which shares the one event
 * subscription the page holds.
 */
import type { ApiError, ApiResult, MethodInput, StationApi, StationEvent, StationMethod, StationResults } from '../../../electron/api';

declare global {
  interface Window {
    /** Absent when the page was not opened by the station (e.g. the file opened on its own). */
    readonly station?: StationApi;
  }
}

export const STATION_MISSING_MESSAGE =
  'This page is not connected to a Packbench station. Open it from the Packbench app, or from the address that `npm start` printed.';

export type EventOf<T extends StationEvent['type']> = Extract<StationEvent, { type: T }>;

/** A failed call, carried to the one error handler at the edge (lib/errors.ts). */
export class StationCallError extends Error {
  override name = 'StationCallError';
  constructor(
    readonly method: StationMethod,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

export interface StationClient {
  call<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<ApiResult<StationResults[M]>>;
  /** The value, or a `StationCallError` thrown with the station's typed error. */
  value<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]>;
  /** Calls `listener` for each event of `type` until the returned function is called. */
  on<T extends StationEvent['type']>(type: T, listener: (event: EventOf<T>) => void): () => void;
  /** Calls `listener` for every event. */
  onAny(listener: (event: StationEvent) => void): () => void;
}

function clientOf(api: StationApi): StationClient {
  const listeners = new Set<(event: StationEvent) => void>();
  let unsubscribe: (() => void) | undefined;
  const subscribe = (listener: (event: StationEvent) => void): (() => void) => {
    listeners.add(listener);
    unsubscribe ??= api.onEvent((event) => {
      for (const each of [...listeners]) each(event);
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    };
  };
  const call = <M extends StationMethod>(method: M, input: MethodInput<M>): Promise<ApiResult<StationResults[M]>> =>
    // Each method of the API object takes its own input; the name picks the matching function.
    (api[method] as (input: MethodInput<M>) => Promise<ApiResult<StationResults[M]>>)(input);
  return {
    call,
    async value(method, input) {
      const result = await call(method, input);
      if (!result.ok) throw new StationCallError(method, result.error);
      return result.value;
    },
    on(type, listener) {
      return subscribe((event) => {
        if (event.type === type) listener(event as EventOf<typeof type>);
      });
    },
    onAny: subscribe,
  };
}

/** The station behind this page, or undefined when the page was opened without one. */
export function findStation(): StationClient | undefined {
  const api = window.station;
  return api === undefined ? undefined : clientOf(api);
}
