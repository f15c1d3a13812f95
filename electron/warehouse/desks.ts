/** The desks of the warehouse: each says who it is when it connects, and is seen again at each heartbeat. */
import * as z from 'zod';
import type { WarehouseDesk } from './connection';
import { Millis, rows, run, type Queryable } from './sql';

export interface DeskRow {
  readonly id: string;
  readonly name: string;
  readonly firstSeenAt: number;
  readonly lastSeenAt: number;
}

const DeskRowSchema = z
  .object({ id: z.string(), name: z.string(), first_seen_at: Millis, last_seen_at: Millis })
  .transform((r): DeskRow => ({ id: r.id, name: r.name, firstSeenAt: r.first_seen_at, lastSeenAt: r.last_seen_at }));

/** Adds the desk, or renames it and marks it seen: called when the desk connects. */
export async function registerDesk(db: Queryable, desk: WarehouseDesk): Promise<void> {
  await run(
    db,
    `INSERT INTO desks (id, name) VALUES ($1, $2)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, last_seen_at = clock_timestamp()`,
    [desk.id, desk.name],
  );
}

/** Marks the desk seen now (a heartbeat; renewing a claim does it too). */
export async function touchDesk(db: Queryable, deskId: string): Promise<void> {
  await run(db, 'UPDATE desks SET last_seen_at = clock_timestamp() WHERE id = $1', [deskId]);
}

export async function listDesks(db: Queryable): Promise<DeskRow[]> {
  return rows(db, 'desks', DeskRowSchema, 'SELECT id, name, first_seen_at, last_seen_at FROM desks ORDER BY name, id');
}
