/**
 * Preload: the only bridge between the sandboxed page and the main process. It wires the
 * station bridge (one function per station API method, see shell/stationBridge.ts) to IPC and
 * exposes it as `window.station`. The page never gets `ipcRenderer`, a channel name of its
 * choosing, or an IPC event object: only the method's answer, and only the event's payload.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { ApiResult, MethodInput, StationEvent, StationMethod, StationResults } from './api';
import { STATION_EVENT_CHANNEL, buildStationBridge, stationChannel, type Invoke, type Subscribe } from './shell/stationBridge';

// The main process answers every call with an ApiResult; failures never arrive as rejections.
const invoke: Invoke = <M extends StationMethod>(method: M, input: MethodInput<M>) =>
  ipcRenderer.invoke(stationChannel(method), input) as Promise<ApiResult<StationResults[M]>>;

const subscribe: Subscribe = (listener) => {
  const forward = (_event: IpcRendererEvent, payload: StationEvent) => listener(payload);
  ipcRenderer.on(STATION_EVENT_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(STATION_EVENT_CHANNEL, forward);
  };
};

contextBridge.exposeInMainWorld('station', buildStationBridge(invoke, subscribe));
