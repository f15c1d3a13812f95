import type { WarehouseMigration } from './types';

/**
 * Schema 2: a scan's claim in one statement. `claimOrder` did it in six round trips to the
 * database (BEGIN, lock the order, read its claim, write the claim, notify, COMMIT), and with
 * ten desks on two cores each trip waits its turn: the claim's p95 was five times its target.
 * `claim_order` does the same steps on the server, in the same order and under the same lock.
 *
 * Each statement of a PL/pgSQL function takes a fresh snapshot under READ COMMITTED, so the claim
 * is read after the order's lock is held and sees a claim written by the transaction the lock
 * waited for, as `holderOf` does. It runs with the caller's rights (SECURITY INVOKER): the desk
 * role needs no privilege it did not have. `search_path` is pinned so a table of another schema
 * is never picked up. The answer is one JSON value, the shapes of `ClaimOutcome`
 * (electron/warehouse/claims.ts, which checks it); the notification is `publish`'s
 * `orderClaimed` change on `packbench_changes`.
 */
export const claimFunction: WarehouseMigration = {
  version: 2,
  name: 'claim_order: a claim in one statement',
  sql: `
CREATE FUNCTION epoch_ms(at timestamptz) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT
  AS $fn$ SELECT floor(extract(epoch FROM at) * 1000)::bigint $fn$;

CREATE FUNCTION claim_order(p_desk text, p_order text, p_lease_ms integer) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER
  SET search_path = packbench, pg_temp
AS $fn$
DECLARE
  ord record;
  shipped_by record;
  holder record;
  held boolean;
  written record;
BEGIN
  SELECT o.status, o.station_ref, o.shipped_at INTO ord FROM orders o WHERE o.order_number = p_order FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('kind', 'unknownOrder');
  END IF;
  IF ord.status = 'cancelled' THEN
    RETURN jsonb_build_object('kind', 'cancelled');
  END IF;
  IF ord.status = 'shipped' AND ord.station_ref IS NOT NULL THEN
    SELECT s.desk_id, d.name AS desk_name INTO shipped_by FROM shipments s JOIN desks d ON d.id = s.desk_id WHERE s.station_ref = ord.station_ref;
    RETURN jsonb_build_object('kind', 'shipped', 'stationRef', ord.station_ref, 'deskId', coalesce(shipped_by.desk_id, ''),
      'deskName', coalesce(shipped_by.desk_name, ''), 'shippedAt', coalesce(epoch_ms(ord.shipped_at), 0));
  END IF;

  SELECT c.desk_id, d.name AS desk_name, c.claimed_at, c.lease_until, c.lease_until > clock_timestamp() AS live INTO holder
    FROM claims c JOIN desks d ON d.id = c.desk_id WHERE c.order_number = p_order;
  held := FOUND;
  IF held AND holder.desk_id <> p_desk THEN
    RETURN jsonb_build_object('kind', CASE WHEN holder.live THEN 'heldElsewhere' ELSE 'leaseExpired' END,
      'holder', jsonb_build_object('deskId', holder.desk_id, 'deskName', holder.desk_name, 'claimedAt', epoch_ms(holder.claimed_at),
        'leaseUntil', epoch_ms(holder.lease_until), 'live', holder.live));
  END IF;

  INSERT INTO claims AS c (order_number, desk_id, lease_until) VALUES (p_order, p_desk, clock_timestamp() + p_lease_ms * interval '1 millisecond')
    ON CONFLICT (order_number) DO UPDATE SET desk_id = excluded.desk_id, lease_until = excluded.lease_until,
      claimed_at = CASE WHEN held THEN c.claimed_at ELSE clock_timestamp() END
    RETURNING c.claimed_at, c.lease_until, c.lease_until > clock_timestamp() AS live INTO written;
  IF NOT held THEN
    PERFORM pg_notify('packbench_changes', jsonb_build_object('kind', 'orderClaimed', 'deskId', p_desk, 'orderNumber', p_order, 'takeover', false,
      'at', extract(epoch FROM clock_timestamp()) * 1000)::text);
  END IF;
  RETURN jsonb_build_object('kind', 'claimed', 'renewed', held,
    'claim', jsonb_build_object('deskId', p_desk, 'deskName', (SELECT d.name FROM desks d WHERE d.id = p_desk), 'claimedAt', epoch_ms(written.claimed_at),
      'leaseUntil', epoch_ms(written.lease_until), 'live', written.live));
END
$fn$;
`,
};
