/**
 * Reading a shop's order file as a stream: bytes from a file (or memory) a piece at a time, decoded
 * in the file's encoding (encoding.ts), parsed as CSV as it streams (csvRecords.ts: quoted fields over
 * several lines, CRLF or LF, the delimiter papaparse guesses from the first rows), each row read by the mapping
 * (orderFile.ts), and each order built from its rows (see readOrderFile for how rows are gathered).
 * Memory stays bounded whatever the file's size: what is kept are the first orders and problems to
 * show and the order numbers (a set of them, for the first pass), and the orders to store go to
 * `onOrders` a batch at a time, the next batch waiting until that one is stored.
 *
 * It runs in a worker thread (orderFileWorker.ts) so the station's event loop never waits on it,
 * and in tests as it is. Every limit of ORDER_FILE_LIMITS is checked as the file is read, and
 * refused beyond in words.
 */
import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import type { ColumnMapping, ImportPreview, ImportRowProblem, ImportedOrder, OrderFileEncoding, OrderFileFormat } from '../api/orders';
import { ORDER_FILE_LIMITS, ORDERS_SHOWN, PROBLEMS_SHOWN } from '../api/orders';
import { CsvRecords, CsvShapeError } from './csvRecords';
import { decodedText, detectEncoding } from './encoding';
import { OrderFileError, mappingFor, orderNumberIn, orderOf, readRow, sizeOf, type RowRead } from './orderFile';
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
/**
 * Orders handed over to be stored at a time: each batch is one transaction on the station's event
 * loop, so it must stay far under the 100 ms a desk's call may wait (100 orders take about 5 ms).
 */
const STORE_BATCH = 100;
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

/** Why the text is not a table, in words, at the row where it shows (the header is row 1). */
function shapeProblem(error: CsvShapeError, row: number, limits: OrderFileLimits): OrderFileError {
  return error.kind === 'rowTooLong'
    ? new OrderFileError(`row ${count(row)} is longer than ${count(limits.rowChars)} characters: the file is not an order table the station can read (is a quote left open?)`)
    : new OrderFileError(`the file is not a table the station can read (row ${count(row)}: a quoted field is never closed)`);
}

/** A row of the file as the parser gives it, with its spreadsheet row number (the header is row 1). */
interface NumberedRecord {
  readonly row: number;
  readonly cells: string[];
}

/**
 * The file's records, a pass over it, a piece's worth at a time: decoded, parsed, rows of empty cells
 * left out (a spreadsheet shows none there), each numbered as a spreadsheet numbers it. A CSV fault
 * is an OrderFileError at its row.
 */
async function* records(text: AsyncIterable<string>, delimiter: string, limits: OrderFileLimits): AsyncGenerator<NumberedRecord[]> {
  const parser = new CsvRecords(delimiter, limits.rowChars);
  let row = 0;
  const parsed: string[][] = [];
  /** The records parsed so far, numbered, rows of empty cells left out; a piece's worth at a time. */
  const numbered = (): NumberedRecord[] => {
    const rows: NumberedRecord[] = [];
    for (const cells of parsed) {
      if (cells.every((cell) => cell.trim() === '')) continue;
      row += 1;
      rows.push({ row, cells });
    }
    parsed.length = 0;
    return rows;
  };
  try {
    for await (const piece of text) {
      parser.push(piece, parsed);
      yield numbered();
    }
    parser.end(parsed);
    yield numbered();
  } catch (error) {
    // The rows before the fault were all read: the next one is the row at fault.
    if (error instanceof CsvShapeError) {
      yield numbered();
      throw shapeProblem(error, row + 1, limits);
    }
    throw error;
  }
}

/** Rows of one order as they come, contiguous in the file. */
interface OpenGroup {
  readonly orderNumber: string;
  readonly rows: RowRead[];
  rowCount: number;
}

/**
 * Reads the file into what an import would take; the orders themselves go to `onOrders` when given.
 *
 * Two passes over the file. The first reads only the header and each row's order number: the limits
 * on rows and orders are met there, and the orders whose rows are not all next to each other are
 * found. The second reads every row; an order whose rows are together (nearly every file: shops
 * write an order's lines one after another) is checked as soon as its last row is read, in memory,
 * and the few whose rows are apart are gathered on disk (rowGroups.ts) and checked at the end.
 */
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
  /** The file's text for one pass; the first reports the bytes read. */
  async function* text(reportBytes: boolean): AsyncGenerator<string> {
    let done = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of source.open()) {
        signal?.throwIfAborted();
        done += chunk.length;
        if (reportBytes) report({ phase: 'reading', done, total: source.size });
        yield chunk;
      }
    }
    yield* decodedText(counted(), encoding);
    if (reportBytes) report({ phase: 'reading', done, total: source.size }, true);
  }

  // ---- First pass: the header, the limits, and the orders whose rows are apart.
  let plan: ReturnType<typeof mappingFor> | undefined;
  let headers: string[] = [];
  let rowCount = 0;
  let orderTotal = 0;
  const apart = new Set<string>();
  {
    const seen = new Set<string>();
    let current: string | undefined;
    for await (const piece of records(text(true), delimiter, limits)) {
      for (const { cells } of piece) {
        if (plan === undefined) {
          const trimmed = cells.map((cell) => cell.trim());
          headers = [...new Set(trimmed.filter((cell) => cell !== ''))];
          if (headers.length < 2) throw new OrderFileError('the file has no header row with column names');
          plan = mappingFor(trimmed, options.mapping);
          continue;
        }
        rowCount += 1;
        if (rowCount > limits.rows) throw new OrderFileError(`the file has more than ${count(limits.rows)} rows: split it into files of at most ${count(limits.rows)} rows`);
        const number = orderNumberIn(cells, plan.orderNumberPlace);
        if (number === undefined || number === current) continue;
        current = number;
        if (seen.has(number)) {
          apart.add(number);
          continue;
        }
        seen.add(number);
        if (seen.size > limits.orders) throw new OrderFileError(`the file names more than ${count(limits.orders)} orders: split it into files of at most ${count(limits.orders)} orders`);
      }
    }
    orderTotal = seen.size;
  }
  if (plan === undefined) throw new OrderFileError('the file is empty');
  const { format, mapping, places } = plan;

  // ---- Second pass: every row, each order checked once its rows are all read.
  const problems = new ProblemList();
  const shown: ImportedOrder[] = [];
  let orderCount = 0;
  let gaveUpCount = 0;
  let checked = 0;
  const batchSize = options.batchSize ?? STORE_BATCH;
  const batch: OrdersBatch = { format, orders: [], gaveUp: [] };
  const check = (orderNumber: string, rows: readonly RowRead[], rowsInFile: number): void => {
    checked += 1;
    report({ phase: 'checking', done: checked, total: orderTotal });
    const outcome = orderOf(orderNumber, rows, rowsInFile, mapping);
    if (outcome.kind === 'order') {
      orderCount += 1;
      if (shown.length < ORDERS_SHOWN) shown.push(outcome.order);
      if (options.onOrders !== undefined) batch.orders.push(outcome.order);
    } else {
      for (const [row, messages] of outcome.problems) problems.add(row, orderNumber, messages);
      // Every row of the order is left out: rows past the most an order keeps, and rows its first row speaks for, unlisted.
      problems.total += rowsInFile - outcome.problems.size;
      if (outcome.gaveUp !== undefined) {
        gaveUpCount += 1;
        if (options.onOrders !== undefined) batch.gaveUp.push(orderNumber);
      }
    }
  };
  /** Hands the batch over once it is full (or at the end, whatever it holds), and waits until it is taken. */
  const handOver = async (atEnd = false): Promise<void> => {
    if (options.onOrders === undefined) return;
    while (batch.orders.length + batch.gaveUp.length >= (atEnd ? 1 : batchSize)) {
      const orders = batch.orders.splice(0, batchSize);
      await options.onOrders({ format, orders, gaveUp: batch.gaveUp.splice(0, batchSize - orders.length) });
    }
  };

  const apartRows = new RowGroups(limits.linesPerOrder);
  try {
    let open: OpenGroup | undefined;
    let header = true;
    for await (const piece of records(text(false), delimiter, limits)) {
      for (const { row, cells } of piece) {
        if (header) {
          header = false;
          continue;
        }
        const read = readRow(cells, row, places, mapping);
        if (read.orderNumber === null) {
          problems.add(read.row, null, read.problems);
          continue;
        }
        if (apart.has(read.orderNumber)) {
          apartRows.add({ ...read, orderNumber: read.orderNumber });
          continue;
        }
        if (open?.orderNumber !== read.orderNumber) {
          if (open !== undefined) check(open.orderNumber, open.rows, open.rowCount);
          open = { orderNumber: read.orderNumber, rows: [], rowCount: 0 };
        }
        open.rowCount += 1;
        if (open.rows.length < limits.linesPerOrder) open.rows.push(read);
      }
      await handOver();
    }
    if (open !== undefined) check(open.orderNumber, open.rows, open.rowCount);
    for (const group of apartRows.groups()) {
      signal?.throwIfAborted();
      check(group.orderNumber, group.rows, group.rowCount);
      await handOver();
    }
  } finally {
    apartRows.close();
  }
  await handOver(true);
  report({ phase: 'checking', done: checked, total: orderTotal }, true);
  return {
    format,
    delimiter,
    headers,
    mapping,
    encoding,
    encodingGuessed: guessed,
    rowCount,
    orders: shown,
    orderCount,
    problems: problems.kept,
    problemRowCount: problems.total,
    gaveUpCount,
  };
}

/** Reads a file given as text (a test's, or a small file sent whole). */
export function readOrderText(text: string, options: ReadOptions = {}): Promise<ImportPreview> {
  return readOrderFile(bytesSource(Buffer.from(text, 'utf8')), { ...options, encoding: options.encoding ?? 'utf-8' });
}
