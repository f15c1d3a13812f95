import type { WarehouseMigration } from './types';

/**
 * Schema 1 of the shared database. Times are the database's clock (`clock_timestamp()`), so
 * leases, budget windows and "since 10:42" mean the same at every desk whatever its own clock
 * says; only `happened_at` of an audit row and `created_at` of a shipment come from the desk
 * that did the thing (it may have been offline from this database at the time).
 *
 * The desk role (`packbench_desk`, docs/warehouse-setup.sql) gets exactly what desks do: rows
 * are read, added and updated; the audit log and the shipment history are never deleted from,
 * and the audit log is never changed.
 */
export const initialSchema: WarehouseMigration = {
  version: 1,
  name: 'desks, shared orders, claims, purchases, shipment history, settings, audit, conflicts, budget',
  sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA packbench;

CREATE TABLE desks (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9]{1,12}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  first_seen_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_seen_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Orders as imported from a shop's file, once for the whole warehouse.
CREATE TABLE orders (
  order_number text PRIMARY KEY CHECK (length(order_number) BETWEEN 1 AND 200),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'shipped', 'cancelled')),
  data jsonb NOT NULL,
  imported_by text NOT NULL REFERENCES desks (id),
  imported_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- The shipment that shipped it, while it stands (null when open or cancelled).
  station_ref text,
  shipped_at timestamptz,
  CHECK ((status = 'shipped') = (station_ref IS NOT NULL))
);
CREATE INDEX orders_open ON orders (imported_at, order_number) WHERE status = 'open';

-- Who is packing an order: one desk at a time, for as long as its lease runs.
CREATE TABLE claims (
  order_number text PRIMARY KEY REFERENCES orders (order_number),
  desk_id text NOT NULL REFERENCES desks (id),
  claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  lease_until timestamptz NOT NULL
);

-- A desk's intent to buy a label for an order, written before the service is asked. At most one
-- that may still become (or is) a label per order: that index is the guarantee.
CREATE TABLE purchases (
  station_ref text PRIMARY KEY CHECK (station_ref ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$'),
  order_number text NOT NULL REFERENCES orders (order_number),
  desk_id text NOT NULL REFERENCES desks (id),
  request_key text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 200),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'bought', 'abandoned', 'voided')),
  intended_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  settled_at timestamptz,
  note text,
  UNIQUE (desk_id, request_key)
);
CREATE UNIQUE INDEX purchases_one_live_per_order ON purchases (order_number) WHERE state IN ('pending', 'bought');

-- Every desk's shipments, searchable from any desk.
CREATE TABLE shipments (
  station_ref text PRIMARY KEY CHECK (station_ref ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$'),
  desk_id text NOT NULL REFERENCES desks (id),
  order_number text,
  service_id text UNIQUE,
  tracking_numbers text[] NOT NULL DEFAULT '{}',
  carrier text,
  service_level text,
  recipient_name text,
  recipient_company text,
  recipient_city text,
  recipient_country text,
  total_charge numeric(14, 2),
  currency text,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  voided_at timestamptz,
  -- Bought through the purchase guard, or recorded without it (no shared order, or shipped while
  -- the desk was offline from this database).
  via text NOT NULL CHECK (via IN ('guarded', 'unguarded')),
  record jsonb NOT NULL,
  search_text text NOT NULL
);
CREATE INDEX shipments_newest ON shipments (created_at DESC, station_ref);
CREATE INDEX shipments_order ON shipments (order_number) WHERE order_number IS NOT NULL;
CREATE INDEX shipments_search ON shipments USING gin (search_text gin_trgm_ops);

-- Box presets, requested-service rules and the warehouse's own settings, by key, as JSON
-- checked by the desk that reads them; version counts changes so two editors cannot overwrite
-- each other unseen.
CREATE TABLE settings (
  key text PRIMARY KEY CHECK (key ~ '^[a-zA-Z][a-zA-Z0-9]{0,49}$'),
  value jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_by text NOT NULL REFERENCES desks (id),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Made by the desk, so an upload sent twice is one row.
  entry_id uuid NOT NULL UNIQUE,
  action text NOT NULL CHECK (action IN ('ship', 'void', 'reprint', 'override', 'takeover', 'resolve')),
  desk_id text NOT NULL REFERENCES desks (id),
  actor text CHECK (length(actor) <= 100),
  order_number text,
  station_ref text,
  detail jsonb NOT NULL DEFAULT '{}',
  happened_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_log_order ON audit_log (order_number, id) WHERE order_number IS NOT NULL;
CREATE INDEX audit_log_newest ON audit_log (happened_at DESC);

-- What could not be prevented (two desks offline from this database shipped one order), for a person.
CREATE TABLE conflicts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('shipped_twice')),
  order_number text NOT NULL,
  first_ref text NOT NULL,
  second_ref text NOT NULL CHECK (first_ref < second_ref),
  detected_by text NOT NULL REFERENCES desks (id),
  detected_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  resolved_by text REFERENCES desks (id),
  resolved_at timestamptz,
  resolution text,
  UNIQUE (kind, order_number, first_ref, second_ref),
  CHECK ((resolved_at IS NULL) = (resolved_by IS NULL))
);
CREATE INDEX conflicts_open ON conflicts (detected_at) WHERE resolved_at IS NULL;

-- One service credential's request budget, shared by every desk that uses it. The credential is
-- named by a hash, never by its secret.
CREATE TABLE budget_credentials (
  credential text PRIMARY KEY CHECK (credential ~ '^[0-9a-f]{64}$'),
  per_minute integer NOT NULL CHECK (per_minute >= 1),
  window_ms integer NOT NULL DEFAULT 60000 CHECK (window_ms >= 100),
  held_until timestamptz NOT NULL DEFAULT '-infinity'
);
-- The slots taken inside the window; at is moved to when the answer came back.
CREATE TABLE budget_grants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  credential text NOT NULL REFERENCES budget_credentials (credential) ON DELETE CASCADE,
  desk_id text NOT NULL REFERENCES desks (id),
  priority smallint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX budget_grants_window ON budget_grants (credential, at);
-- Which desks are waiting for a slot, and how urgent their most urgent request is.
CREATE TABLE budget_demand (
  credential text NOT NULL REFERENCES budget_credentials (credential) ON DELETE CASCADE,
  desk_id text NOT NULL REFERENCES desks (id),
  priority smallint NOT NULL,
  waiting integer NOT NULL CHECK (waiting > 0),
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (credential, desk_id)
);

GRANT SELECT ON schema_migrations TO packbench_desk;
GRANT SELECT, INSERT, UPDATE ON desks, orders, purchases, shipments, settings, conflicts, budget_credentials TO packbench_desk;
GRANT SELECT, INSERT, UPDATE, DELETE ON claims, budget_grants, budget_demand TO packbench_desk;
GRANT SELECT, INSERT ON audit_log TO packbench_desk;
`,
};
