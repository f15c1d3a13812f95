/**
 * Order files on their way in: received in pieces (so a file of any size crosses Electron IPC or
 * the web host in bodies under 1 MB), kept in a private folder of the station's data folder, and
 * read by a worker thread (orderFileWorker.ts) while the station goes on answering. One file
 * is read at a time (the desk has two cores to share); a reading can be cancelled. The pieces of a
 * file are deleted when it is closed, when more than `MAX_OPEN_FILES` are open (the oldest idle one
 * goes), and at every start and stop of the station.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { ColumnMapping, ImportPreview, OrderFileEncoding, OrderFilePhase } from '../api';
import type { OrderFileWorkerCommand, OrderFileWorkerMessage, OrderFileWorkerRequest } from './orderFileWorker';
import { sizeOf } from './orderFile';
import type { OrdersBatch } from './orderFileReader';
import { startModuleWorker } from '../platform/moduleWorker';
import { ensureOwnPrivateDirSync } from '../platform/privateFiles';
import { StationError } from '../api';

/** Files received and not yet closed, at most; more close the oldest one idle. */
const MAX_OPEN_FILES = 3;
/** The heap a reading may use: far more than it needs (it keeps little), far less than would hurt the station. */
const WORKER_HEAP_MB = 256;

interface ReceivedFile {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly path: string;
  received: number;
  touchedAt: number;
  appending: boolean;
  reading: { cancel(): void } | undefined;
}

export interface OrderFileReadOptions {
  readonly mapping?: ColumnMapping;
  readonly encoding?: OrderFileEncoding;
  /** An import: each batch of orders to store, in file order; the reading waits for it. */
  readonly store?: (batch: OrdersBatch) => Promise<void>;
  /** The input field the file came in (`text` or `fileId`): where a fault of the file itself is named. */
  readonly fileField?: string;
  /** Why the reading stopped when `cancel` was called, in words (an import says what it stored). */
  readonly cancelledMessage?: () => string;
}

export interface OrderFilesOptions {
  /** The station's data folder: files are kept in its `order-files` folder. */
  readonly dataDir: string;
  readonly onProgress: (fileId: string, phase: OrderFilePhase, done: number, total: number) => void;
  readonly log: (line: string) => void;
}

export class OrderFiles {
  private readonly files = new Map<string, ReceivedFile>();
  private readonly folder: string;
  private readingNow: ReceivedFile | undefined;
  /** Started at the first reading and kept for the next (starting one costs more than an idle one); a cancel ends it. */
  private worker: Worker | undefined;

  private constructor(private readonly options: OrderFilesOptions) {
    this.folder = path.join(options.dataDir, 'order-files');
  }

  /** The folder made private, and emptied of what a crash left. */
  static async open(options: OrderFilesOptions): Promise<OrderFiles> {
    const files = new OrderFiles(options);
    ensureOwnPrivateDirSync(files.folder);
    for (const left of await readdir(files.folder)) await rm(path.join(files.folder, left), { force: true });
    return files;
  }

  /** Starts receiving a file of `size` bytes. */
  async openFile(name: string, size: number): Promise<string> {
    if (this.files.size >= MAX_OPEN_FILES) {
      const idle = [...this.files.values()].filter((file) => file.reading === undefined && !file.appending).sort((a, b) => a.touchedAt - b.touchedAt)[0];
      if (idle === undefined) throw new StationError('conflict', `${String(MAX_OPEN_FILES)} order files are being sent or read: wait for one to finish, or close one`);
      await this.closeFile(idle.id);
    }
    const id = randomBytes(18).toString('base64url');
    const file: ReceivedFile = { id, name, size, path: path.join(this.folder, `${id}.csv`), received: 0, touchedAt: Date.now(), appending: false, reading: undefined };
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    await writeFile(file.path, new Uint8Array(0), { mode: 0o600, flag: 'wx' });
    this.files.set(id, file);
    return id;
  }

  private fileOf(fileId: string): ReceivedFile {
    const file = this.files.get(fileId);
    if (file === undefined) throw new StationError('notFound', 'this order file is no longer at the station (it was closed, or the station restarted): choose it again', [{ field: 'fileId', message: 'fileId names no open order file' }]);
    return file;
  }

  /** The next piece, at `offset` (what was received so far). */
  async append(fileId: string, offset: number, base64: string): Promise<{ received: number; complete: boolean }> {
    const file = this.fileOf(fileId);
    if (file.appending) throw new StationError('conflict', `a piece of ${file.name} is still being written: send the pieces one after another`, [{ field: 'offset', message: 'another piece is being written' }]);
    if (offset !== file.received) {
      throw new StationError('conflict', `${file.name}: the station has ${String(file.received)} bytes, so the next piece starts there, not at ${String(offset)}`, [{ field: 'offset', message: `must be ${String(file.received)}` }]);
    }
    const bytes = Buffer.from(base64, 'base64');
    if (file.received + bytes.length > file.size) {
      throw new StationError('invalidInput', `${file.name}: this piece goes past the ${String(file.size)} bytes the file was opened with`, [{ field: 'data', message: 'goes past the size the file was opened with' }]);
    }
    file.appending = true;
    try {
      await appendFile(file.path, bytes);
      file.received += bytes.length;
      file.touchedAt = Date.now();
    } finally {
      file.appending = false;
    }
    return { received: file.received, complete: file.received === file.size };
  }

  /** Runs `work` on a file given whole as text, deleted afterwards. */
  async withText<T>(text: string, work: (fileId: string) => Promise<T>): Promise<T> {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length === 0) throw new StationError('invalidInput', 'the order file cannot be imported: the file is empty', [{ field: 'text', message: 'the file is empty' }]);
    const fileId = await this.openFile('the file', bytes.length);
    try {
      await this.append(fileId, 0, bytes.toString('base64'));
      return await work(fileId);
    } finally {
      await this.closeFile(fileId);
    }
  }

  /** Reads a received file in a worker thread: what an import would take, and the orders to `store` for an import. */
  read(fileId: string, options: OrderFileReadOptions): Promise<ImportPreview> {
    const file = this.fileOf(fileId);
    if (file.received < file.size) throw new StationError('conflict', `${file.name} is not all here yet (${sizeOf(file.received)} of ${sizeOf(file.size)}): send the rest first`, [{ field: 'fileId', message: 'the file is incomplete' }]);
    if (this.readingNow !== undefined) throw new StationError('conflict', `${this.readingNow.name} is being read: wait for it to finish, or cancel it`, [{ field: 'fileId', message: 'another file is being read' }]);
    const request: OrderFileWorkerRequest = { path: file.path, size: file.size, store: options.store !== undefined, ...(options.mapping === undefined ? {} : { mapping: options.mapping }), ...(options.encoding === undefined ? {} : { encoding: options.encoding }) };
    const worker = (this.worker ??= startModuleWorker(import.meta.url, 'orderFileWorker', { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }));
    // A reading keeps the process alive; an idle worker does not (it is unref'd when the reading settles).
    worker.ref();
    this.readingNow = file;
    return new Promise<ImportPreview>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void, endWorker: boolean): void => {
        if (settled) return;
        settled = true;
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        file.reading = undefined;
        if (this.readingNow === file) this.readingNow = undefined;
        file.touchedAt = Date.now();
        if (endWorker) {
          if (this.worker === worker) this.worker = undefined;
          void worker.terminate();
        } else {
          worker.unref();
        }
        outcome();
      };
      const command = (message: OrderFileWorkerCommand): void => worker.postMessage(message);
      file.reading = {
        cancel: () => settle(() => reject(new StationError('conflict', options.cancelledMessage?.() ?? `the reading of ${file.name} was cancelled`)), true),
      };
      // Orders checked of those the file names, and stored (or given up) so far: an import stores as the checking goes.
      let total = 0;
      let stored = 0;
      const onMessage = (message: OrderFileWorkerMessage): void => {
        switch (message.type) {
          case 'progress':
            if (message.progress.phase === 'checking') total = message.progress.total;
            this.options.onProgress(file.id, message.progress.phase, message.progress.done, message.progress.total);
            return;
          case 'orders':
            void (options.store?.(message.batch) ?? Promise.resolve()).then(
              () => {
                if (settled) return;
                stored += message.batch.orders.length + message.batch.gaveUp.length;
                this.options.onProgress(file.id, 'storing', stored, Math.max(stored, total));
                command({ type: 'stored' });
              },
              (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error))), true),
            );
            return;
          case 'done':
            settle(() => resolve(message.preview), false);
            return;
          case 'failed':
            if (message.fields === undefined) {
              this.options.log(`reading the order file ${file.name} failed: ${message.message}`);
              settle(() => reject(new Error(`the order file could not be read: ${message.message.split('\n', 1)[0] ?? ''}`)), true);
            } else {
              const fields = message.fields.map((field) => ({ field: field === 'text' ? (options.fileField ?? field) : field, message: message.message }));
              settle(() => reject(new StationError('invalidInput', `the order file cannot be imported: ${message.message}`, fields)), false);
            }
            return;
        }
      };
      const onError = (error: Error & { code?: string }): void => {
        this.options.log(`the order file reader stopped: ${error.stack ?? error.message}`);
        const why = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `reading ${file.name} needed more memory than the station gives a reading (${String(WORKER_HEAP_MB)} MB): split the file` : `reading ${file.name} stopped unexpectedly; the details are in the station log`;
        settle(() => reject(new StationError('internal', why)), true);
      };
      const onExit = (): void => settle(() => reject(new StationError('internal', `reading ${file.name} stopped unexpectedly; the details are in the station log`)), true);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      command({ type: 'read', request });
    });
  }

  /** Stops the reading of a file, if one runs; true when one did. */
  cancel(fileId: string): boolean {
    const reading = this.fileOf(fileId).reading;
    reading?.cancel();
    return reading !== undefined;
  }

  async closeFile(fileId: string): Promise<void> {
    const file = this.fileOf(fileId);
    file.reading?.cancel();
    this.files.delete(fileId);
    await rm(file.path, { force: true });
  }

  /** Stops every reading, deletes every file and ends the worker (the station is closing). */
  async closeAll(): Promise<void> {
    for (const id of [...this.files.keys()]) await this.closeFile(id);
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
