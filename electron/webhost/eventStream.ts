/**
 * Station events as Server-Sent Events. Each event is one `data:` line holding the event as
 * JSON, with an increasing `id:`; a comment line (`: heartbeat`) every `heartbeatMs` keeps idle
 * connections from being dropped and lets the bridge notice a dead one. A client that reads too
 * slowly is cut off (it reconnects) rather than buffered without bound.
 */
import type { ServerResponse } from 'node:http';
import type { StationEvent } from '../api';
import type { StationHost } from '../station/host';

/** Past this much unsent output a client is too slow to keep. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface EventStreams {
  /** Turns the response into an event stream until the client goes or `closeAll` is called. */
  open(response: ServerResponse): void;
  closeAll(): void;
  readonly size: number;
}

export function formatEvent(id: number, event: StationEvent): string {
  // JSON.stringify never emits a raw newline, so the event always fits on one data line.
  return `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function createEventStreams(host: StationHost, heartbeatMs: number): EventStreams {
  const open = new Set<() => void>();
  let nextId = 1;

  return {
    open(response) {
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      // A browser's EventSource waits this long before reconnecting.
      response.write('retry: 2000\n: connected\n\n');

      let ended = false;
      let unsubscribe = () => {};
      const send = (text: string) => {
        if (ended) return;
        if (response.writableLength > MAX_BUFFERED_BYTES) end();
        else response.write(text);
      };
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!response.writableEnded) response.end();
      };
      open.add(end);
      response.on('close', end);
      unsubscribe = host.onEvent((event) => send(formatEvent(nextId++, event)));
    },
    closeAll() {
      for (const end of [...open]) end();
    },
    get size() {
      return open.size;
    },
  };
}
