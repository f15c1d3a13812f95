/**
 * What a station desk process (stationDeskProcess.ts) and the tests that start it
 * (stationDesks.ts) agree on: its setup, given as JSON in its environment, and what it says back
 * over Node's IPC channel.
 */
import type { StationOptions } from '../../electron/station/station';

export const STATION_DESK_ENV = 'PACKBENCH_STATION_DESK';

export interface StationDeskSetup {
  readonly dataDir: string;
  readonly rendererDir: string;
  /** A port where nothing listens: the desk's CUPS is not running. */
  readonly closedCupsPort: number;
  readonly tuning: NonNullable<StationOptions['tuning']>;
}

/** What the desk says to the process that started it. */
export type StationDeskMessage = { readonly event: 'ready'; readonly url: string; readonly token: string } | { readonly event: 'failed'; readonly message: string };

/** What the process that started it may ask: close cleanly and exit. */
export type StationDeskRequest = { readonly op: 'close' };
