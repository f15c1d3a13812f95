/**
 * Reading a shop's order file as a stream: bytes from a file (or memory) a piece at a time, decoded
 * in the file's encoding (encoding.ts), parsed as CSV by csv-parse (quoted fields over several lines,
 * CRLF or LF, the delimiter papaparse guesses from the first rows), each row read by the mapping
 * (orderFile.ts) and kept on disk by order number (rowGroups.ts); then each order built from its
 * rows, in the order of its first row. Memory stays bounded whatever the file's size: what is kept
 * are the first orders and problems to show, and the orders to store go to `onOrders` a batch at a
 * time, the next batch waiting until that one is stored.
 *
 * It runs in a worker thread (orderFileWorker.ts) so the station's event loop never waits on it,
 * and in tests as it is. Every limit of ORDER_FILE_LIMITS is checked as the file is read, and
 * refused beyond in words.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import Papa from 'papaparse';
import type { ColumnMapping, ImportPreview, ImportRowProblem, ImportedOrder, OrderFileEncoding, OrderFileFormat } from '../api/orders';
import { ORDER_FILE_LIMITS, ORDERS_SHOWN, PROBLEMS_SHOWN } from '../api/orders';
import { decodedText, detectEncoding } from './encoding';
import { OrderFileError, mappingFor, orderOf, readRow, sizeOf } from './orderFile';
import { RowGroups } from './rowGroups';

/** Where a file's bytes come from; `open` may be called more than once (the encoding is found first). */
export interface OrderFileSource {
  readonly size: number;
  open(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export function fileSource(path: string, size: number): OrderFileSource {
  return { size, open: () => createReadStream(path, { highWaterMark: 256 * 1024 }) };
}

export function bytesSource(bytes: Uint8Array, pieceBytes = 64 * 1024): OrderFileSource {
  return {
    size: bytes.length,
    *open() {
      for (let at = 0; at < bytes.length; at += pieceBytes) yield bytes.subarray(at, at + pieceBytes);
    },
  };
}

export type OrderFileLimits = { readonly [K in keyof typeof ORDER_FILE_LIMITS]: number };

/** How far a reading has come: bytes read, then orders checked. */
export interface ReadProgress {
  readonly phase: 'reading' | 'checking';
  readonly done: number;
  readonly total: number;
}

/** Orders to store, and the numbers of orders the shop gave up (to cancel where they are still open). */
export interface OrdersBatch {
  readonly format: OrderFileFormat;
  readonly orders: ImportedOrder[];
  readonly gaveUp: string[];
}

export interface ReadOptions {
  /** Chosen by hand; the file's headers say it when absent. */
  readonly mapping?: ColumnMapping;
  /** Found from the file when absent. */
  readonly encoding?: OrderFileEncoding;
  readonly limits?: OrderFileLimits;
  readonly onProgress?: (progress: ReadProgress) => void;
  /** Receives every order that can be imported, in batches; the reading waits for each. */
  readonly onOrders?: (batch: OrdersBatch) => Promise<void>;
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
}

/** The delimiters a shop's CSV uses, in the order papaparse tries them. */
const DELIMITERS = [',', ';', '\t', '|'];
/** Bytes looked at to guess the delimiter: the first rows of any file. */
const HEAD_BYTES = 64 * 1024;
/** Progress is reported this often at most. */
const PROGRESS_EVERY_MS = 100;

const count = (n: number): string => n.toLocaleString('en-US');


/** Rows with problems, the first `PROBLEMS_SHOWN` by row kept, every one counted. */
class ProblemList {
  readonly kept: ImportRowProblem[] = [];
  total = 0;

  add(row: number, orderNumber: string | null, messages: readonly string[]): void {
    this.total += 1;
    const last = this.kept[this.kept.length - 1];
    if (this.kept.length >= PROBLEMS_SHOWN && last !== undefined && row > last.row) return;
    let low = 0;
    let high = this.kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.kept[middle]?.row ?? 0) < row) low = middle + 1;
      else high = middle;
    }
    this.kept.splice(low, 0, { row, orderNumber, messages });
    if (this.kept.length > PROBLEMS_SHOWN) this.kept.pop();
  }
}

/** The first bytes of the file as text, to guess its delimiter from. */
async function headText(source: OrderFileSource, encoding: OrderFileEncoding): Promise<string> {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source.open()) {
    pieces.push(chunk);
    size += chunk.length;
    if (size >= HEAD_BYTES) break;
  }
  // Not fatal and not flushed: the head may end inside a character.
  return new TextDecoder(encoding).decode(Buffer.concat(pieces).subarray(0, HEAD_BYTES), { stream: true });
}

function guessDelimiter(head: string): string {
  const guessed = Papa.parse<string[]>(head, { preview: 10, delimitersToGuess: DELIMITERS }).meta.delimiter;
  return DELIMITERS.includes(guessed) ? guessed : ',';
}

/** The CSV parser's errors in words, at the row where they happened (the header is row 1). */
function csvProblem(error: CsvError, row: number, limits: OrderFileLimits): OrderFileError {
  switch (error.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return new OrderFileError(`row ${count(row)} is longer than ${count(limits.rowChars)} characters: the file is not an order table the station can read (is a quote left open?)`);
    case 'CSV_QUOTE_NOT_CLOSED':
      return new OrderFileError(`the file is not a table the station can read (row ${count(row)}: a quoted field is never closed)`);
    default:
      return new OrderFileError(`the file is not a table the station can read (row ${count(row)}: ${error.message})`);
  }
}

/** Reads the file into what an import would take; the orders themselves go to `onOrders` when given. */
export async function readOrderFile(source: OrderFileSource, options: ReadOptions = {}): Promise<ImportPreview> {
  const limits = options.limits ?? ORDER_FILE_LIMITS;
  const { signal } = options;
  if (source.size === 0) throw new OrderFileError('the file is empty');
  if (source.size > limits.bytes) throw new OrderFileError(`the file is ${sizeOf(source.size)}, and the station reads files of at most ${sizeOf(limits.bytes)}: split it into smaller files`);
  const { encoding, guessed } = await detectEncoding(() => source.open(), options.encoding ?? 'auto');
  const delimiter = guessDelimiter(await headText(source, encoding));

  let lastReport = 0;
  const report = (progress: ReadProgress, force = false): void => {
    const now = performance.now();
    if (!force && now - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = now;
    options.onProgress?.(progress);
  };
  async function* counted(): AsyncGenerator<Uint8Array> {
    let done = 0;
    for await (const chunk of source.open()) {
      signal?.throwIfAborted();
      done += chunk.length;
      report({ phase: 'reading', done, total: source.size });
      yield chunk;
    }
    report({ phase: 'reading', done, total: source.size }, true);
  }

  const problems = new ProblemList();
  const groups = new RowGroups(limits.orders, limits.linesPerOrder, () => new OrderFileError(`the file names more than ${count(limits.orders)} orders: split it into files of at most ${count(limits.orders)} orders`));
  try {
    const text = Readable.from(decodedText(counted(), encoding));
    const parser = parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, max_record_size: limits.rowChars });
    text.on('error', (error) => parser.destroy(error));
    text.pipe(parser);

    let plan: ReturnType<typeof mappingFor> | undefined;
    let headers: string[] = [];
    let rows = 0;
    let blank = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        // A row of empty cells (",,,,") is no row, as a spreadsheet shows it.
        if (record.every((cell) => cell.trim() === '')) {
          blank += 1;
          continue;
        }
        if (plan === undefined) {
          const cells = record.map((cell) => cell.trim());
          headers = [...new Set(cells.filter((cell) => cell !== ''))];
          if (headers.length < 2) throw new OrderFileError('the file has no header row with column names');
          plan = mappingFor(cells, options.mapping);
          continue;
        }
        rows += 1;
        if (rows > limits.rows) throw new OrderFileError(`the file has more than ${count(limits.rows)} rows: split it into files of at most ${count(limits.rows)} rows`);
        // Spreadsheet rows: the header is row 1. A quoted field over several lines is still one row.
        const read = readRow(record, rows + 1, plan.places, plan.mapping);
        if (read.orderNumber === null) problems.add(read.row, null, read.problems);
        else groups.add({ ...read, orderNumber: read.orderNumber });
      }
    } catch (error) {
      // The parser counts the records it made before the fault; the next one, header included, is the row at fault.
      if (error instanceof CsvError) throw csvProblem(error, ((error as CsvError & { records?: number }).records ?? rows + 1) - blank + 1, limits);
      throw error;
    }
    if (plan === undefined) throw new OrderFileError('the file is empty');
    const { format, mapping } = plan;

    const shown: ImportedOrder[] = [];
    let orderCount = 0;
    let gaveUpCount = 0;
    let checked = 0;
    const batchSize = options.batchSize ?? 500;
    let batch: OrdersBatch = { format, orders: [], gaveUp: [] };
    for (const group of groups.groups()) {
      signal?.throwIfAborted();
      checked += 1;
      report({ phase: 'checking', done: checked, total: groups.orderCount });
      const outcome = orderOf(group.orderNumber, group.rows, group.rowCount, mapping);
      if (outcome.kind === 'order') {
        orderCount += 1;
        if (shown.length < ORDERS_SHOWN) shown.push(outcome.order);
        if (options.onOrders !== undefined) batch.orders.push(outcome.order);
      } else {
        for (const [row, messages] of outcome.problems) problems.add(row, group.orderNumber, messages);
        // Every row of the order is left out: rows past the most an order keeps, and rows its first row speaks for, unlisted.
        problems.total += group.rowCount - outcome.problems.size;
        if (outcome.gaveUp !== undefined) {
          gaveUpCount += 1;
          if (options.onOrders !== undefined) batch.gaveUp.push(group.orderNumber);
        }
      }
      if (options.onOrders !== undefined && batch.orders.length + batch.gaveUp.length >= batchSize) {
        await options.onOrders(batch);
        batch = { format, orders: [], gaveUp: [] };
      }
    }
    if (options.onOrders !== undefined && batch.orders.length + batch.gaveUp.length > 0) await options.onOrders(batch);
    report({ phase: 'checking', done: checked, total: groups.orderCount }, true);
    return {
      format,
      delimiter,
      headers,
      mapping,
      encoding,
      encodingGuessed: guessed,
      rowCount: rows,
      orders: shown,
      orderCount,
      problems: problems.kept,
      problemRowCount: problems.total,
      gaveUpCount,
    };
  } finally {
    groups.close();
  }
}

/** Reads a file given as text (a test's, or a small file sent whole). */
export function readOrderText(text: string, options: ReadOptions = {}): Promise<ImportPreview> {
  return readOrderFile(bytesSource(Buffer.from(text, 'utf8')), { ...options, encoding: options.encoding ?? 'utf-8' });
}
