import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrintJob, PrinterInfo } from '../../../electron/api/printing';
import { MEDIA } from '../../../electron/printing/media';
import type { PrinterChoice } from '../../../electron/printing/printerMap';
import { groupRows, holdFor, printerCameBack, rowsToPrint, type BatchPlace, type PolicyDocument, type ReadyRow } from '../../../electron/printing/printPolicy';

function row(id: number, stationRef: string, overrides: Partial<PrintJob> = {}): PrintJob {
  return {
    id,
    stationRef,
    documentId: id,
    purpose: 'auto',
    printer: null,
    copies: 1,
    state: 'queued',
    cupsJobId: null,
    error: null,
    createdAt: 0,
    updatedAt: 0,
    resolvedAt: null,
    targetPrinter: null,
    heldBecause: null,
    layout: null,
    ...overrides,
  };
}

const zebra: PrinterChoice = { printer: 'Zebra', role: 'label', media: MEDIA['4x6'], longer: undefined };
const laser: PrinterChoice = { printer: 'Laser', role: 'document', media: MEDIA.Letter, longer: undefined };

function ready(id: number, stationRef: string, doc: Partial<PolicyDocument> = {}, choice = zebra, overrides: Partial<PrintJob> = {}): ReadyRow {
  return { row: row(id, stationRef, overrides), doc: { documentId: id, type: 'Label', packageIndex: 0, ...doc }, choice };
}

const noCopies = (): undefined => undefined;
const noBatch = (): undefined => undefined;

describe('which queued rows a pass prints', () => {
  const docTypes = new Map<number, string>([[1, 'Label'], [2, 'CommercialInvoice'], [3, 'Label'], [4, 'Label']]);
  const typeOf = (r: PrintJob): string | undefined => docTypes.get(r.id);
  const rows = [row(1, 'S-1'), row(2, 'S-1'), row(3, 'S-2'), row(4, 'S-3', { state: 'sent' })];

  it('leaves out rows held for a batch that has not settled, and rows already sent', () => {
    expect(rowsToPrint(rows, new Set(['S-2']), { label: true, document: true }, typeOf).map((r) => r.id)).toEqual([1, 2]);
  });

  it('prints only the roles asked for: labels to the label printer, other documents to the document printer', () => {
    expect(rowsToPrint(rows, new Set(), { label: true, document: false }, typeOf).map((r) => r.id)).toEqual([1, 3]);
    expect(rowsToPrint(rows, new Set(), { label: false, document: true }, typeOf).map((r) => r.id)).toEqual([2]);
  });

  it('takes a row whose document is gone as a label, so its failure is said where labels are', () => {
    expect(rowsToPrint([row(9, 'S-9')], new Set(), { label: true, document: false }, () => undefined).map((r) => r.id)).toEqual([9]);
  });
});

describe('grouping rows into spooler jobs', () => {
  it("prints a multi-package shipment's labels as one job, in package order, its other documents on their own printer", () => {
    const groups = groupRows([ready(3, 'S-1', { packageIndex: 2 }), ready(1, 'S-1', { packageIndex: 0 }), ready(2, 'S-1', { type: 'CommercialInvoice', packageIndex: null }, laser), ready(4, 'S-1', { packageIndex: 1 })], noCopies, noBatch);
    expect(groups.map((g) => ({ title: g.title, printer: g.choice.printer, ids: g.members.map((m) => m.row.id) }))).toEqual([
      { title: 'Packbench S-1', printer: 'Zebra', ids: [1, 4, 3] },
      { title: 'Packbench S-1', printer: 'Laser', ids: [2] },
    ]);
  });

  it("prints a batch's shipments as one job in the batch's order, and asks each shipment's place once", () => {
    const places = new Map<string, BatchPlace>([['S-1', { batchId: 7, position: 2 }], ['S-2', { batchId: 7, position: 1 }]]);
    const asked: string[] = [];
    const placeOf = (ref: string): BatchPlace | undefined => {
      asked.push(ref);
      return places.get(ref);
    };
    const groups = groupRows([ready(1, 'S-1', { packageIndex: 0 }), ready(2, 'S-1', { packageIndex: 1 }), ready(3, 'S-2'), ready(4, 'S-3')], noCopies, placeOf);
    expect(groups.map((g) => ({ title: g.title, batchId: g.batchId, ids: g.members.map((m) => m.row.id) }))).toEqual([
      { title: 'Packbench batch 7', batchId: 7, ids: [3, 1, 2] },
      { title: 'Packbench S-3', batchId: undefined, ids: [4] },
    ]);
    expect(asked).toEqual(['S-1', 'S-2', 'S-3']);
  });

  it("gives an automatic print the printer's copies setting and a reprint the copies asked for, in separate jobs", () => {
    const copiesOf = (printer: string): number | undefined => (printer === 'Zebra' ? 3 : undefined);
    const groups = groupRows([ready(1, 'S-1'), ready(2, 'S-1', {}, zebra, { purpose: 'reprint', copies: 2 }), ready(3, 'S-1', { type: 'CommercialInvoice' }, laser, { copies: 1 })], copiesOf, noBatch);
    expect(groups.map((g) => [g.choice.printer, g.copies, g.members.map((m) => m.row.id)])).toEqual([
      ['Zebra', 3, [1]],
      ['Zebra', 2, [2]],
      ['Laser', 1, [3]],
    ]);
  });

  it('puts every row in exactly one group, of its own printer, shipment or batch', () => {
    const arbitraryRow = fc.record({ ref: fc.constantFrom('S-1', 'S-2', 'S-3', 'S-4'), label: fc.boolean(), packageIndex: fc.nat(3), reprint: fc.boolean() });
    fc.assert(
      fc.property(fc.array(arbitraryRow, { maxLength: 30 }), (specs) => {
        const rows = specs.map((spec, index) =>
          ready(index + 1, spec.ref, { type: spec.label ? 'Label' : 'CommercialInvoice', packageIndex: spec.label ? spec.packageIndex : null }, spec.label ? zebra : laser, spec.reprint ? { purpose: 'reprint', copies: 2 } : {}),
        );
        const inBatch = (ref: string): BatchPlace | undefined => (ref === 'S-1' || ref === 'S-2' ? { batchId: 1, position: ref === 'S-1' ? 1 : 0 } : undefined);
        const groups = groupRows(rows, () => 1, inBatch);
        const ids = groups.flatMap((g) => g.members.map((m) => m.row.id)).sort((a, b) => a - b);
        expect(ids).toEqual(rows.map((r) => r.row.id));
        for (const group of groups) {
          const owners = new Set(group.members.map((m) => inBatch(m.row.stationRef)?.batchId ?? m.row.stationRef));
          expect(owners.size).toBe(1);
          expect(new Set(group.members.map((m) => rows.find((r) => r.row.id === m.row.id)?.choice.printer))).toEqual(new Set([group.choice.printer]));
          const positions = group.members.map((m) => m.position);
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
        }
      }),
    );
  });
});

describe('holding jobs for a paused printer', () => {
  const printer = (name: string, state: PrinterInfo['state'], message?: string): PrinterInfo => ({ name, isDefault: false, state, accepting: true, ...(message === undefined ? {} : { message }) });

  it('keeps a job back from a paused printer, saying why, and sends to any other', () => {
    const seen = [printer('Zebra', 'stopped', 'Media empty'), printer('Laser', 'idle')];
    expect(holdFor('Zebra', seen)).toBe('Printer Zebra is paused (Media empty): it prints when the printer is resumed');
    expect(holdFor('Laser', seen)).toBeUndefined();
    expect(holdFor('Zebra', [printer('Zebra', 'stopped')])).toBe('Printer Zebra is paused: it prints when the printer is resumed');
    // Before the printers were first seen, nothing is held.
    expect(holdFor('Zebra', undefined)).toBeUndefined();
  });

  it('says a printer came back only when one that was paused is not paused any more', () => {
    expect(printerCameBack([printer('Zebra', 'stopped')], [printer('Zebra', 'idle')])).toBe(true);
    expect(printerCameBack([printer('Zebra', 'stopped')], [printer('Zebra', 'stopped')])).toBe(false);
    expect(printerCameBack([printer('Zebra', 'idle')], [printer('Zebra', 'printing')])).toBe(false);
    expect(printerCameBack(undefined, [printer('Zebra', 'idle')])).toBe(false);
  });
});
