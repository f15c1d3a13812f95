/**
 * Errors of the warehouse database. Each message is written for the person who can act on it:
 * the packer (the warehouse is unreachable, an order is someone else's) or the admin (a role, a
 * password, a schema to update).
 */

/** The schema this database carries is newer than this Packbench knows. */
export class WarehouseTooNewError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly knownVersion: number,
  ) {
    super(`The warehouse database was updated by a newer Packbench (schema ${databaseVersion}, this desk knows ${knownVersion}): update Packbench on this desk.`);
    this.name = 'WarehouseTooNewError';
  }
}

/** The schema is older than this Packbench needs, and the role signed in may not change it. */
export class WarehouseSchemaBehindError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly neededVersion: number,
    readonly role: string,
  ) {
    super(
      `The warehouse database is at schema ${databaseVersion} and this Packbench needs ${neededVersion}, but the role ${role} may not change the schema. ` +
        'Start one desk with the owner role (packbench_owner) once to update it (docs/warehouse.md).',
    );
    this.name = 'WarehouseSchemaBehindError';
  }
}

/** The database has no `packbench` schema: the setup script was not run on this server. */
export class WarehouseNotSetUpError extends Error {
  constructor(readonly database: string) {
    super(`The database ${database} has no packbench schema: an admin runs docs/warehouse-setup.sql on the server first (docs/warehouse.md).`);
    this.name = 'WarehouseNotSetUpError';
  }
}

/**
 * The warehouse database could not be reached, or the connection broke during the call. The
 * desk goes on with what it has (docs/warehouse.md, "Offline from the warehouse database"). A
 * write whose answer was lost may have been committed: every write here is idempotent, so it is
 * sent again when the database is back.
 */
export class WarehouseUnavailableError extends Error {
  /** What went wrong, in the connection's own words (the message wraps them in a sentence). */
  readonly reason: string;

  constructor(message: string, options?: { cause?: unknown; reason?: string }) {
    super(message, options);
    this.name = 'WarehouseUnavailableError';
    this.reason = options?.reason ?? message;
  }
}

/** An input the warehouse refuses before asking the database; `issues` name each field. */
export class WarehouseInputError extends Error {
  constructor(
    readonly what: string,
    readonly issues: readonly string[],
  ) {
    super(`${what}: ${issues.join('; ')}`);
    this.name = 'WarehouseInputError';
  }
}

/** A row the database gave back that does not hold what its table promises, by table. */
export class WarehouseRowError extends Error {
  constructor(
    readonly where: string,
    readonly problems: readonly string[],
  ) {
    super(`${where}: ${problems.join('; ')}`);
    this.name = 'WarehouseRowError';
  }
}

/** A setting changed by someone else since it was read: read it again, then change it. */
export class WarehouseSettingConflictError extends Error {
  constructor(
    readonly key: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`The warehouse setting ${key} was changed at another desk (version ${actualVersion}, this desk had ${expectedVersion}): read it again and make the change once more.`);
    this.name = 'WarehouseSettingConflictError';
  }
}
