/**
 * The worker thread that reads order files (orderFileReader.ts) for the station, so reading a file
 * of any size never holds up the station's event loop: its answers, events, outbox and print watch
 * go on meanwhile. It lives as long as the station uses it and reads one file at a time: for each
 * `read` it reports progress, hands over the orders to store a batch at a time (waiting until the
 * station says each is stored), and ends with what the reading found, or why the file could not
 * be read.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ColumnMapping, ImportPreview, OrderFileEncoding } from '../api/orders';
import { OrderFileError } from './orderFile';
import { fileSource, readOrderFile, type OrdersBatch, type ReadProgress } from './orderFileReader';

export interface OrderFileWorkerRequest {
  readonly path: string;
  readonly size: number;
  readonly mapping?: ColumnMapping;
  readonly encoding?: OrderFileEncoding;
  /** Hand over the orders to store (an import); a preview keeps only what it shows. */
  readonly store: boolean;
}

/** What the station sends: a file to read, or that the last batch of orders is stored. */
export type OrderFileWorkerCommand = { readonly type: 'read'; readonly request: OrderFileWorkerRequest } | { readonly type: 'stored' };

export type OrderFileWorkerMessage =
  | { readonly type: 'progress'; readonly progress: ReadProgress }
  /** Orders to store: the worker waits for `stored` before it goes on. */
  | { readonly type: 'orders'; readonly batch: OrdersBatch }
  | { readonly type: 'done'; readonly preview: ImportPreview }
  /** `fields` is set when the file is at fault (its words are for the person); absent for anything else. */
  | { readonly type: 'failed'; readonly message: string; readonly fields?: readonly string[] };

function serve(port: NonNullable<typeof parentPort>): void {
  const send = (message: OrderFileWorkerMessage): void => port.postMessage(message);
  let stored: (() => void) | undefined;

  async function read(request: OrderFileWorkerRequest): Promise<void> {
    try {
      const preview = await readOrderFile(fileSource(request.path, request.size), {
        ...(request.mapping === undefined ? {} : { mapping: request.mapping }),
        ...(request.encoding === undefined ? {} : { encoding: request.encoding }),
        onProgress: (progress) => send({ type: 'progress', progress }),
        ...(request.store
          ? {
              onOrders: (batch: OrdersBatch) =>
                new Promise<void>((resolve) => {
                  stored = resolve;
                  send({ type: 'orders', batch });
                }),
            }
          : {}),
      });
      send({ type: 'done', preview });
    } catch (error) {
      if (error instanceof OrderFileError) send({ type: 'failed', message: error.message, fields: error.fields });
      else send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }

  port.on('message', (command: OrderFileWorkerCommand) => {
    if (command.type === 'read') void read(command.request);
    else {
      const resume = stored;
      stored = undefined;
      resume?.();
    }
  });
}

/**
 * On Linux a thread has a nice value of its own: this one gets a lower priority (nice 10, about a
 * tenth of a core's share against a normal thread), so on a busy desk (two cores, other programs)
 * the station's own thread answers first, and the file is still read. Elsewhere the thread keeps its priority.
 */
function yieldTheCpu(): void {
  try {
    const thread = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (Number.isInteger(thread) && thread > 0) setPriority(thread, 10);
  } catch {
    // Not Linux, or not allowed: the reading still runs, beside the station.
  }
}

if (parentPort !== null) {
  yieldTheCpu();
  serve(parentPort);
}
