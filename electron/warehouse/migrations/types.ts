/** One step of the shared database's schema: SQL run inside the runner's transaction (it must not commit). */
export interface WarehouseMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
