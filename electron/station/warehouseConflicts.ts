/**
 * Conflicts a person must settle (two desks cut off from the warehouse database shipped one
 * order): the header's count, kept current from the warehouse's own change notifications (a
 * conflict found, one settled, the LISTEN session back after a break), the list, and settling one
 * in words, which the warehouse writes to its audit log as `resolve`.
 */
import { StationError, type StationEvent, type WarehouseConflict } from '../api';
import { messageOf } from '../base/errors';
import { WarehouseInputError, WarehouseUnavailableError, listConflicts, openConflictCount, resolveConflict, type ReceivedChange, type Warehouse } from '../warehouse';

export interface WarehouseConflictsParts {
  /** The open warehouse while the link is connected. */
  readonly link: () => Warehouse | undefined;
  readonly emit: (event: StationEvent) => void;
  readonly log: (line: string) => void;
}

/** The changes that can move the count: a conflict recorded, or one settled (its `resolve` entry). */
function movesCount(change: ReceivedChange): boolean {
  return change.kind === 'conflict' || (change.kind === 'audit' && change.action === 'resolve');
}

export class WarehouseConflicts {
  #following: Warehouse | undefined;
  #stops: (() => void)[] = [];
  /** The last count told to the desk (so an unchanged count is not said again). */
  #told: number | undefined;

  constructor(private readonly parts: WarehouseConflictsParts) {}

  /** Follows the open warehouse's changes (none: the link is not open). */
  follow(warehouse: Warehouse | undefined): void {
    if (warehouse === this.#following) return;
    this.close();
    this.#following = warehouse;
    if (warehouse === undefined) return;
    const refresh = () => void this.#refresh(warehouse);
    this.#stops = [warehouse.onChange((change) => movesCount(change) && refresh()), warehouse.onResync(refresh)];
    refresh();
  }

  close(): void {
    for (const stop of this.#stops.splice(0)) stop();
    this.#following = undefined;
  }

  /** Open conflicts now; 0 without an open warehouse (the header shows no count then). */
  async count(): Promise<number> {
    const warehouse = this.parts.link();
    return warehouse === undefined ? 0 : this.#ask(() => openConflictCount(warehouse.db));
  }

  /** The conflicts not yet settled, oldest first, each with both shipments, their desks and tracking numbers. */
  list(): Promise<WarehouseConflict[]> {
    const warehouse = this.#open();
    return this.#ask(() => listConflicts(warehouse.db));
  }

  /** Settles one, in the person's words; false when it was already settled (at another desk, say). */
  async resolve(input: { readonly conflictId: number; readonly resolution: string }): Promise<boolean> {
    const warehouse = this.#open();
    const settled = await this.#ask(() => resolveConflict(warehouse.db, warehouse.desk.id, { ...input, actor: null }));
    void this.#refresh(warehouse);
    return settled;
  }

  async #refresh(warehouse: Warehouse): Promise<void> {
    try {
      const open = await openConflictCount(warehouse.db);
      if (this.#following !== warehouse || open === this.#told) return;
      this.#told = open;
      this.parts.emit({ type: 'warehouseConflicts', open });
    } catch (error) {
      this.parts.log(`warehouse: the open conflicts could not be counted: ${messageOf(error)}`);
    }
  }

  #open(): Warehouse {
    const warehouse = this.parts.link();
    if (warehouse === undefined) throw new StationError('offline', 'The warehouse database is not connected: its conflicts can be read and settled once it is (see the Warehouse badge).', [], true);
    return warehouse;
  }

  /** A warehouse call, its failures in the desk's words. */
  async #ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof WarehouseUnavailableError) throw new StationError('offline', `The warehouse database cannot be reached now (${error.message}): try again once the Warehouse badge says connected.`, [], true);
      if (error instanceof WarehouseInputError) throw new StationError('invalidInput', error.message, [{ field: 'resolution', message: error.issues.join('; ') }]);
      throw error;
    }
  }
}
