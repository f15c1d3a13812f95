/**
 * Errors of the station store. Each message is written for the person at the desk (or the
 * support engineer they call): what happened and what to do next.
 */

/** SQLite result codes that mean the file's bytes are damaged or are not a database at all. */
const CORRUPTION_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB']);

/** True when `error` is SQLite saying the file is damaged (at open or on any later query). */
export function isCorruptionError(error: unknown): boolean {
  if (error instanceof StoreCorruptError) return true;
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = error.code;
  return typeof code === 'string' && (CORRUPTION_CODES.has(code) || code.startsWith('SQLITE_CORRUPT'));
}

/**
 * The data file failed its integrity check or is not a SQLite database. Nothing is changed
 * on disk by throwing this: the app moves the file aside with `quarantineCorruptStore`
 * (which keeps every byte) and opens a fresh store.
 */
export class StoreCorruptError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(
      `The station data file ${path} is damaged (${detail}). To go on packing, move it aside and start with a fresh store: ` +
        `the file is kept as ${path}.corrupt-<date and time> and nothing is deleted. Shipments already on the service come back with the next sync; ` +
        'shipments still waiting to be sent and labels kept for reprint are only in the moved file, so send it to Packbench support.',
    );
    this.name = 'StoreCorruptError';
  }
}

/** The data file was written by a newer Packbench, whose schema this one does not know. */
export class StoreTooNewError extends Error {
  constructor(
    readonly fileVersion: number,
    readonly knownVersion: number,
  ) {
    super(`this data was written by a newer Packbench (schema ${fileVersion}, this one knows ${knownVersion}): update Packbench`);
    this.name = 'StoreTooNewError';
  }
}

/** A row that does not hold what its table promises (a bug or a damaged file), named by table and column. */
export class StoreRowError extends Error {
  constructor(
    readonly where: string,
    readonly problems: readonly string[],
  ) {
    super(`${where}: ${problems.join('; ')}`);
    this.name = 'StoreRowError';
  }
}

/** A write the store refuses because its input is wrong; `issues` name each field. */
export class StoreInputError extends Error {
  constructor(
    readonly what: string,
    readonly issues: readonly string[],
  ) {
    super(`${what}: ${issues.join('; ')}`);
    this.name = 'StoreInputError';
  }
}

/** The record a call names does not exist in the store. */
export class StoreNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreNotFoundError';
  }
}

/** A state change the record's current state does not allow (outbox items, print jobs). */
export class StoreTransitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreTransitionError';
  }
}
