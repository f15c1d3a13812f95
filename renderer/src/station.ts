/**
 * The renderer's one way to the station: `window.station`, put there by the Electron preload or
 * by the web host's bridge script. The renderer never knows which; it only finds out whether
 * the object is there at all (a page opened some other way has no station behind it).
 */
import type { StationApi } from '../../electron/api';

declare global {
  interface Window {
    /** Absent when the page was not opened by the station (e.g. the file opened on its own). */
    readonly station?: StationApi;
  }
}

export const STATION_MISSING_MESSAGE =
  'This page is not connected to a Packbench station. Open it from the Packbench app, or from the address that `npm start` printed.';

export function findStation(): StationApi | undefined {
  return window.station;
}
