import type { Db } from '../statements';

/** One step of the schema. `up` runs inside the runner's transaction: it must not commit. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Db): void;
}
