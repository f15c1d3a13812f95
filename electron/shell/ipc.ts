/**
 * The station API over Electron IPC: one `ipcMain.handle('station:<method>')` per method, and
 * station events sent to the app's windows on 'station:event'. A transport and nothing more:
 * every input goes to the station's dispatcher, which validates it.
 *
 * Each call is checked before it reaches the station: it must come from the main frame of a
 * page on the app's own origin. A subframe, or a page that somehow navigated elsewhere (the
 * guards stop that, this is the second line), gets a 'permission' failure and the station is
 * never called. The types below are the parts of Electron's objects read here, so the transport
 * is tested under Node with stand-ins.
 */
import type { ApiResult, StationEvent } from '../api';
import { STATION_METHOD_NAMES, failure } from '../api';
import type { StationHost } from '../station/host';
import { isAppUrl } from './appProtocol';
import { STATION_EVENT_CHANNEL, stationChannel } from './stationBridge';
import { messageOf } from '../base/errors';

/** What IPC tells about the frame that sent a call (Electron's WebFrameMain). */
export interface SenderFrame {
  readonly url: string;
  /** Null for a main frame. */
  readonly parent: SenderFrame | null;
}

/** The part of Electron's IpcMainInvokeEvent read here. */
export interface InvokeEvent {
  /** Null when the frame navigated or was destroyed after sending. */
  readonly senderFrame: SenderFrame | null;
}

export type StationCallHandler = (event: InvokeEvent, input: unknown) => Promise<ApiResult<unknown>>;

/** The part of Electron's ipcMain used here. */
export interface IpcHandlerRegistry {
  handle(channel: string, listener: StationCallHandler): void;
  removeHandler(channel: string): void;
}

/** A window's web contents, as far as sending it events goes. */
export interface EventReceiver {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, ...args: unknown[]): void;
}

export type TrustedFrameCheck = (frame: SenderFrame | null) => boolean;

/** The default check: a main frame (no parent) showing a page of the app's own origin. */
export function isAppMainFrame(frame: SenderFrame | null): boolean {
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

export interface StationIpcOptions {
  /** The app's windows' contents, asked at every event (windows come and go). */
  readonly eventReceivers?: () => Iterable<EventReceiver>;
  /** Told about refused calls and failures of the transport itself (never the input). */
  readonly log?: (line: string) => void;
}

const REFUSED = failure('permission', 'this page may not call the station');

/**
 * Registers the handlers and the event feed; the returned function removes both (on quit, or
 * when the station is replaced).
 */
export function registerStationIpc(ipcMain: IpcHandlerRegistry, host: StationHost, isTrustedFrame: TrustedFrameCheck = isAppMainFrame, options: StationIpcOptions = {}): () => void {
  for (const method of STATION_METHOD_NAMES) {
    ipcMain.handle(stationChannel(method), async (event, input) => {
      const frame = event.senderFrame;
      if (!isTrustedFrame(frame)) {
        options.log?.(`refused ${method} from ${frame === null ? 'a frame that is gone' : frame.url.slice(0, 200)}`);
        return REFUSED;
      }
      try {
        return await host.call(method, input);
      } catch (error) {
        // The dispatcher never throws; if it ever did, the page still gets an ApiResult, never a stack.
        options.log?.(`${method} threw in the transport: ${messageOf(error)}`);
        return failure('internal', `${method} failed unexpectedly; the details are in the station log`);
      }
    });
  }

  const unsubscribe = host.onEvent((event: StationEvent) => {
    for (const receiver of options.eventReceivers?.() ?? []) {
      // Events go only to live contents showing the app: never to a page that is not ours.
      if (receiver.isDestroyed() || !isAppUrl(receiver.getURL())) continue;
      try {
        receiver.send(STATION_EVENT_CHANNEL, event);
      } catch (error) {
        options.log?.(`sending a station event failed: ${messageOf(error)}`);
      }
    }
  });

  return () => {
    unsubscribe();
    for (const method of STATION_METHOD_NAMES) ipcMain.removeHandler(stationChannel(method));
  };
}
