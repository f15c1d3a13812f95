/**
 * The station API owns its name lists; the code that keeps or acts on the names has its own
 * copies where it must (SQL CHECK constraints, tables keyed by name, what the sandbox sends).
 * Each list is held here against every other place it appears, so a name added on one side
 * and forgotten on the other fails this test, not a packer's shift.
 */
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ROLES,
  MEDIA_NAMES,
  OUTBOX_KINDS,
  OUTBOX_PAYLOADS,
  ORDER_FILE_FORMATS,
  ORDER_STATUSES,
  OUTBOX_STATES,
  PENDING_CHANGE_STATUSES,
  PRINT_JOB_STATES,
  PRINT_PURPOSES,
  SETTING_SCHEMAS,
  SHIPMENT_CHANGE_KINDS,
  type OutboxKind,
} from '../../../electron/api';
import { MEDIA } from '../../../electron/printing/media';
import { KNOWN_DOCUMENT_TYPES } from '../../../electron/service/contract';
import { SETTING_DEFAULTS } from '../../../electron/store/settings';
import type { Db } from '../../../electron/store';
import { useSandbox } from '../../support/sandboxHarness';
import { internationalShipment, shipment } from '../../support/shipments';
import { openTempStore } from '../store/support/tempStore';

const sorted = (names: readonly string[]): string[] => [...names].sort();

/** The values a column's `CHECK (column IN (...))` allows, read from the schema of a real store. */
function checkedValues(db: Db, table: string, column: string): string[] {
  const { sql } = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string };
  const check = new RegExp(`CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(sql);
  if (check?.[1] === undefined) throw new Error(`${table}.${column} has no CHECK (... IN (...)) constraint`);
  return [...check[1].matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
}

describe('name lists of the station API against the code that keeps them', () => {
  it('outbox states and kinds: the same names the store\'s table allows', () => {
    const { db } = openTempStore();
    expect(sorted(checkedValues(db, 'outbox', 'state'))).toEqual(sorted(OUTBOX_STATES));
    expect(sorted(checkedValues(db, 'outbox', 'kind'))).toEqual(sorted(OUTBOX_KINDS));
    expect(sorted(Object.keys(OUTBOX_PAYLOADS))).toEqual(sorted(OUTBOX_KINDS));
  });

  it('order statuses and file formats: the same names the store\'s table allows', () => {
    const { db } = openTempStore();
    expect(sorted(checkedValues(db, 'orders', 'status'))).toEqual(sorted(ORDER_STATUSES));
    expect(sorted(checkedValues(db, 'orders', 'format'))).toEqual(sorted(ORDER_FILE_FORMATS));
  });

  it('print job states and purposes: the same names the store\'s table allows', () => {
    const { db } = openTempStore();
    expect(sorted(checkedValues(db, 'print_jobs', 'state'))).toEqual(sorted(PRINT_JOB_STATES));
    expect(sorted(checkedValues(db, 'print_jobs', 'purpose'))).toEqual(sorted(PRINT_PURPOSES));
  });

  it('media: every named media has a size, and every size a name', () => {
    expect(sorted(Object.keys(MEDIA))).toEqual(sorted(MEDIA_NAMES));
    for (const name of MEDIA_NAMES) expect(MEDIA[name].name).toBe(name);
  });

  it('shipment changes: each is an outbox kind, and each that shows a waiting status is a change', () => {
    const kinds: readonly string[] = OUTBOX_KINDS;
    for (const change of SHIPMENT_CHANGE_KINDS) expect(kinds).toContain(change);
    const changes: readonly OutboxKind[] = SHIPMENT_CHANGE_KINDS;
    for (const waiting of Object.keys(PENDING_CHANGE_STATUSES)) expect(changes).toContain(waiting);
  });

  it('settings: every setting has a schema and a default', () => {
    expect(sorted(Object.keys(SETTING_DEFAULTS))).toEqual(sorted(Object.keys(SETTING_SCHEMAS)));
  });

  describe('document types', () => {
    const { client } = useSandbox();

    it('every known type goes to a printer role, and the sandbox sends exactly the known types', async () => {
      expect(sorted(Object.keys(DOCUMENT_ROLES))).toEqual(sorted(KNOWN_DOCUMENT_TYPES));
      const sent = new Set<string>();
      for (const body of [shipment(), internationalShipment()]) {
        const answer = await client.call('createShipment', { body });
        expect(answer.status).toBe(200);
        for (const doc of answer.json.documents as { documentType: string }[]) sent.add(doc.documentType);
      }
      expect(sorted([...sent])).toEqual(sorted(KNOWN_DOCUMENT_TYPES));
    });
  });
});
