/**
 * What a transport (Electron IPC, the web host) needs from the station: a way to call a
 * method with untrusted input, and the event feed. Transports know nothing else about it.
 */
import type { StationEvent } from '../api';
import type { Dispatch } from './dispatch';

export interface StationHost {
  readonly call: Dispatch;
  /** Calls `listener` for every station event until the returned function is called. */
  onEvent(listener: (event: StationEvent) => void): () => void;
}
