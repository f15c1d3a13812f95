/**
 * The CSV files the desk hands out (the Shipments export, a batch's results) keep a cell that a
 * spreadsheet would run as a formula as text, however it tries to hide: a line break after the
 * formula, leading spaces, or a tab or carriage return first. Read back as a spreadsheet reads
 * the file, every such cell starts with an apostrophe and keeps the rest as written; numbers stay
 * numbers.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { BatchOrderView, ShipmentSummary } from '../../../electron/api';
import { batchCsvColumns } from '../../../renderer/src/lib/batchCsv';
import { toCsv } from '../../../renderer/src/lib/csv';
import { SHIPMENT_CSV_COLUMNS } from '../../../renderer/src/lib/shipmentCsv';

const ATTACKS = [
  '=HYPERLINK("http://evil.example/?x",\n"Open")',
  '+HYPERLINK("http://evil.example/?x",\r\n"Open")',
  '@SUM(A1:A9)\nnext line',
  '-2+3+cmd|\' /C calc\'!A0\nx',
  '  =1+1',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\uFF1D1+1',
];

/** The cells of a CSV as a spreadsheet reads them, the header row left out. */
const cells = (text: string): string[][] => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);

describe('the CSV exports', () => {
  it('keep every formula-like cell of the Shipments export as text', () => {
    const rows = ATTACKS.map((attack): ShipmentSummary => ({
      stationRef: 'PB-DESK1-01J0000000000000000000000',
      status: 'Created',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      carrierServiceLevel: 'Ground',
      shipToName: attack,
      shipToCompany: attack,
      shipToCity: 'Boston',
      orderNumber: attack,
      customerPo: attack,
      serviceId: null,
      cost: -12.5,
      currency: 'USD',
      locationId: null,
      packages: 1,
      shipDate: null,
      createdAt: 0,
      updatedAt: 0,
      delivered: false,
    }));
    const read = cells(toCsv(rows, SHIPMENT_CSV_COLUMNS));
    const headers = SHIPMENT_CSV_COLUMNS.map((column) => column.header);
    read.forEach((row, index) => {
      for (const header of ['Order number', 'Ship to', 'Company', 'Customer PO']) expect(row[headers.indexOf(header)]).toBe(`'${ATTACKS[index] ?? ''}`);
      expect(row[headers.indexOf('Cost')]).toBe('-12.5');
    });
  });

  it("keep every formula-like cell of a batch's results as text", () => {
    const orders = ATTACKS.map((attack): BatchOrderView => ({ orderNumber: attack, stationRef: null, outboxId: null, state: 'refusedUpFront', trackingNumber: null, carrier: null, serviceLevel: null, cost: null, currency: null, message: attack }));
    const read = cells(toCsv(orders, batchCsvColumns({ createdAt: 0 })));
    read.forEach((row, index) => {
      expect(row[0]).toBe(`'${ATTACKS[index] ?? ''}`);
      expect(row[8]).toBe(`'${ATTACKS[index] ?? ''}`);
    });
  });

  it('leave plain text alone', () => {
    const read = cells(toCsv([{ name: 'Anna Müller', note: 'a - b = c', sku: 'SKU-1' }], [
      { header: 'Name', value: (r) => r.name },
      { header: 'Note', value: (r) => r.note },
      { header: 'SKU', value: (r) => r.sku },
    ]));
    expect(read).toEqual([['Anna Müller', 'a - b = c', 'SKU-1']]);
  });
});
