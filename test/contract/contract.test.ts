import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { contractRegistry, parseWith, readTokenGrant, operations, OPERATION_IDS, type OperationSpec } from '../../electron/service/contract';
import { records } from './examples';

/** Every id in the registry, read back through the JSON Schema conversion. */
const registeredIds = Object.keys(z.toJSONSchema(contractRegistry, { unrepresentable: 'any' }).schemas);

type Key = string | number;

function parsePath(path: string): Key[] {
  return path.split(/\.|(?=\[)/).map((part) => (part.startsWith('[') ? Number(part.slice(1, -1)) : part));
}

function withoutField(value: unknown, path: readonly Key[]): unknown {
  const copy: unknown = structuredClone(value);
  let node = copy as Record<Key, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<Key, unknown>;
  const last = path[path.length - 1];
  if (last === undefined) throw new Error('empty path');
  delete node[last];
  return copy;
}

/** Every leaf and object path of an example, in the same notation as the required lists. */
function allPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [] : allPaths(value[0], `${prefix}[0]`);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return [path, ...allPaths(child, path)];
  });
}

describe('service contract records', () => {
  it('has an example for every named record, and nothing unnamed', () => {
    expect(Object.keys(records).sort()).toEqual([...registeredIds].sort());
  });

  for (const [name, { schema, example, required }] of Object.entries(records)) {
    describe(name, () => {
      it('parses the example written from the spec', () => {
        const result = parseWith(schema, example);
        expect(result).toMatchObject({ ok: true });
      });

      it.each(required)('rejects a missing %s with a message naming it', (field) => {
        const result = parseWith(schema, withoutField(example, parsePath(field)));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.issues.map((issue) => issue.message)).toContain(`${field} is required`);
      });

      it('accepts the example without each field the spec leaves optional', () => {
        const optional = allPaths(example).filter((path) => !required.includes(path));
        for (const path of optional) {
          const result = parseWith(schema, withoutField(example, parsePath(path)));
          expect(result.ok, `${name}: removing ${path}`).toBe(true);
        }
      });

      it('keeps unknown fields instead of rejecting them', () => {
        if (name.endsWith('Query') || name === 'OAuthTokenRequest') return; // form and query fields are closed sets
        const result = parseWith(schema, { ...example, futureField: { added: 'later' } });
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value).toMatchObject({ futureField: { added: 'later' } });
      });
    });
  }

  it('keeps unknown fields nested deep inside an answer', () => {
    const answer = structuredClone(records.ShipmentCreateResult!.example) as { packages: Record<string, unknown>[] };
    answer.packages[0]!.carrierBarcode = 'ABC';
    const result = parseWith(operations.createShipment.response, answer);
    expect(result.ok && (result.value.packages?.[0] as Record<string, unknown>).carrierBarcode).toBe('ABC');
  });

  it('names the field and the expected type when a type is wrong', () => {
    const result = parseWith(records.ShipmentCreate!.schema, { ...records.ShipmentCreate!.example, packages: [{ weight: '5', length: 1, width: 1, height: 1 }] });
    expect(result).toEqual({ ok: false, issues: [{ field: 'packages[0].weight', message: 'packages[0].weight must be a number', kind: 'type' }] });
  });

  it('names the bound that a number breaks', () => {
    const result = parseWith(operations.getLocations.query, { Page: '1', Limit: '500' });
    expect(result).toEqual({ ok: false, issues: [{ field: 'Limit', message: 'Limit must be at most 100', kind: 'value' }] });
  });

  it('requires a tracking number or an id on each track item', () => {
    const result = parseWith(operations.trackShipments.body, { shipments: [{ trackingNumber: '1Z' }, {}] });
    expect(result).toEqual({ ok: false, issues: [{ field: 'shipments[1]', message: 'shipments[1] needs a trackingNumber or an id', kind: 'value' }] });
  });
});

describe('operations table', () => {
  const table: [string, string, string][] = [
    ['getLocations', 'GET', '/v1/locations'],
    ['getLocation', 'GET', '/v1/location/{id}'],
    ['createLocation', 'POST', '/v1/location'],
    ['updateLocation', 'PUT', '/v1/location/{id}'],
    ['deleteLocation', 'DELETE', '/v1/location/{id}'],
    ['createShipment', 'POST', '/v1/shipment'],
    ['rateShop', 'POST', '/v1/shipment/rate'],
    ['validateAddress', 'POST', '/v1/shipment/address_validation'],
    ['cancelShipments', 'POST', '/v1/shipment/cancel'],
    ['searchShipments', 'POST', '/v1/shipments'],
    ['updateShipments', 'POST', '/v1/shipment/update'],
    ['trackShipments', 'POST', '/v1/shipment/track'],
    ['blockShipment', 'PUT', '/v1/shipment/{id}/block'],
    ['unblockShipment', 'PUT', '/v1/shipment/{id}/unblock'],
    ['archiveShipment', 'DELETE', '/v1/shipment/{id}/archive'],
    ['applyRule', 'POST', '/v1/shipment/apply_rule'],
  ];

  it('holds exactly the 16 operations of the spec with their methods and paths', () => {
    expect(OPERATION_IDS.map((id) => [id, operations[id].method, operations[id].path])).toEqual(table);
  });

  it('marks as not idempotent every operation that changes a record', () => {
    const writes = OPERATION_IDS.filter((id) => (operations[id] as OperationSpec).writes);
    expect(writes.sort()).toEqual(
      ['archiveShipment', 'blockShipment', 'cancelShipments', 'createLocation', 'createShipment', 'deleteLocation', 'unblockShipment', 'updateLocation', 'updateShipments'].sort(),
    );
    for (const id of writes) expect((operations[id] as OperationSpec).idempotent, id).toBe(false);
  });
});

describe('token answers', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('reads the RFC 6749 form', () => {
    expect(readTokenGrant({ access_token: 'a', token_type: 'Bearer', expires_in: 3600 }, now)).toEqual({ token: 'a', expiresAt: now + 3_600_000 });
  });

  it('reads camelCase, a numeric string lifetime and absolute expiries', () => {
    expect(readTokenGrant({ accessToken: 'b', expiresIn: '60' }, now)).toEqual({ token: 'b', expiresAt: now + 60_000 });
    expect(readTokenGrant({ token: 'c', expiresOnUtc: '2026-11-22T13:00:00Z' }, now)).toEqual({ token: 'c', expiresAt: now + 3_600_000 });
  });

  it('falls back to the exp claim of a JWT, and to unknown when there is none', () => {
    const payload = Buffer.from(JSON.stringify({ exp: now / 1000 + 120 })).toString('base64url');
    expect(readTokenGrant({ token: `h.${payload}.s` }, now)).toEqual({ token: `h.${payload}.s`, expiresAt: now + 120_000 });
    expect(readTokenGrant({ token: 'opaque' }, now)).toEqual({ token: 'opaque', expiresAt: undefined });
  });

  it('finds no grant in an answer without a token', () => {
    expect(readTokenGrant({ error: 'invalid_client' }, now)).toBeUndefined();
    expect(readTokenGrant('nope', now)).toBeUndefined();
  });
});
