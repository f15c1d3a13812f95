/**
 * Preload: the only bridge between the sandboxed page and the main process. It will expose
 * one function per station API method on `window.station`, never `ipcRenderer` itself.
 */
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('station', Object.freeze({}));
