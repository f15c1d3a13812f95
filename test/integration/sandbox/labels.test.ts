/**
 * Labels over HTTP: Create Shipment for every carrier, multi-package and LTL freight, and the
 * documents read back as a printer, a viewer and a scanner would (pdf-lib, poppler, ZXing).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { parseWith, ShipmentCreateResult, type ShipmentCreate, type ShipmentDocument } from '../../../electron/service/contract';
import type { CarrierCode } from '../../../electron/sandbox/carriers/carriers';
import { carrierOfTrackingNumber, isValidTrackingNumber } from '../../../electron/sandbox/carriers/trackingNumbers';
import { useSandbox } from '../../support/sandboxHarness';
import { internationalShipment, shipment } from '../../support/shipments';
import { decodeCode128, pdfText, rasterize } from '../../unit/sandbox/documents/pdf-tools';

const LABEL_SIZE = { width: 288, height: 432 };
const LETTER_SIZE = { width: 612, height: 792 };

interface Case {
  readonly name: string;
  readonly carrier: CarrierCode;
  readonly international: boolean;
  readonly body: ShipmentCreate;
}

const box = (weight: number) => ({ weight, length: 12, width: 10, height: 8 });

/** A 900 lb pallet: `type: 'Pallet'` with a freightClass makes the shipment LTL (docs/sandbox/rating.md). */
const pallet = { weight: 900, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70' };

const CASES: readonly Case[] = [
  { name: 'UPS Ground', carrier: 'UPS', international: false, body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS' } }) },
  { name: 'FedEx Ground', carrier: 'FEDEX', international: false, body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'FedEx' } }) },
  { name: 'USPS Ground Advantage', carrier: 'USPS', international: false, body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'USPS' } }) },
  { name: 'DHL Express to Canada', carrier: 'DHL', international: true, body: { ...internationalShipment(), shipmentInfo: { shipMethod: 'Express', carrier: 'DHL' } } },
  { name: 'UPS Express to Canada', carrier: 'UPS', international: true, body: internationalShipment() },
  { name: 'UPS Ground, 3 packages', carrier: 'UPS', international: false, body: shipment({ packages: [box(3), box(7), box(11)] }) },
  { name: 'FedEx Ground, 3 packages', carrier: 'FEDEX', international: false, body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'FedEx' }, packages: [box(2), box(4), box(6)] }) },
  {
    name: 'ODFL LTL, 2 pallets',
    carrier: 'ODFL',
    international: false,
    body: shipment({ shipmentInfo: { shipMethod: 'Freight', carrier: 'ODFL' }, packages: [pallet, { ...pallet, weight: 650, freightClass: '85' }] }),
  },
];

interface Created {
  readonly result: ShipmentCreateResult;
  readonly trackingNumbers: readonly string[];
  readonly labels: readonly Uint8Array[];
  readonly invoices: readonly Uint8Array[];
}

const pdfOf = (document: ShipmentDocument): Uint8Array => new Uint8Array(Buffer.from(document.documentContent, 'base64'));

async function pageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => ({ width: page.getWidth(), height: page.getHeight() }));
}

const { client } = useSandbox({ requestsPerMinute: 100_000 });
const created = new Map<string, Created>();

beforeAll(async () => {
  for (const { name, body } of CASES) {
    const answer = await client.call('createShipment', { body });
    expect(answer.status, `${name}: ${JSON.stringify(answer.body).slice(0, 500)}`).toBe(200);
    const parsed = parseWith(ShipmentCreateResult, answer.body);
    if (!parsed.ok) throw new Error(`${name}: the answer does not match the contract: ${parsed.issues.map((i) => i.message).join('; ')}`);
    const result = parsed.value;
    const documents = result.documents ?? [];
    created.set(name, {
      result,
      trackingNumbers: (result.packages ?? []).map((p) => p.trackingNumber ?? ''),
      labels: documents.filter((d) => d.documentType === 'Label').map(pdfOf),
      invoices: documents.filter((d) => d.documentType === 'CommercialInvoice').map(pdfOf),
    });
  }
});

function get(name: string): Created {
  const shipmentCreated = created.get(name);
  if (shipmentCreated === undefined) throw new Error(`${name} was not created`);
  return shipmentCreated;
}

describe.each(CASES)('Create Shipment, $name', ({ name, carrier, international, body }) => {
  it('answers one package per package sent, each with a tracking number that passes its carrier\'s check digit', () => {
    const { result, trackingNumbers } = get(name);
    expect(trackingNumbers).toHaveLength(body.packages.length);
    expect(result.trackingNumber).toBe(trackingNumbers[0]);
    expect(new Set(trackingNumbers).size).toBe(trackingNumbers.length);
    for (const trackingNumber of trackingNumbers) {
      expect(isValidTrackingNumber(carrier, trackingNumber), trackingNumber).toBe(true);
      expect(carrierOfTrackingNumber(trackingNumber), trackingNumber).toBe(carrier);
    }
  });

  it('returns one label per package, in package order, named by its tracking number', () => {
    const { result, trackingNumbers, labels } = get(name);
    const labelDocuments = (result.documents ?? []).filter((d) => d.documentType === 'Label');
    expect(labels).toHaveLength(body.packages.length);
    expect(labelDocuments.map((d) => d.documentName)).toEqual(trackingNumbers.map((tn) => `label-${tn}.pdf`));
    for (const document of labelDocuments) expect(document.documentMimeType).toBe('application/pdf');
  });

  it('draws every label as a one-page 4 x 6 in PDF that prints its own tracking number and place in the shipment', async () => {
    const { trackingNumbers, labels } = get(name);
    for (const [i, label] of labels.entries()) {
      expect(await pageSizes(label)).toEqual([LABEL_SIZE]);
      const text = await pdfText(label);
      expect(text).toContain(trackingNumbers[i]);
      expect(text).toContain(`${i + 1} OF ${labels.length}`);
      for (const [j, other] of trackingNumbers.entries()) if (j !== i) expect(text).not.toContain(other);
    }
  });

  it('prints a Code 128 barcode on the first label that a scanner reads as the tracking number', async () => {
    const { trackingNumbers, labels } = get(name);
    const [first] = labels;
    if (first === undefined) throw new Error('no label');
    expect(decodeCode128(await rasterize(first, 203))).toBe(trackingNumbers[0]);
  });

  if (international) {
    it('adds a Letter-size commercial invoice naming the commodity and the tracking number', async () => {
      const { trackingNumbers, invoices } = get(name);
      expect(invoices).toHaveLength(1);
      const [invoice] = invoices;
      if (invoice === undefined) throw new Error('no invoice');
      const sizes = await pageSizes(invoice);
      expect(sizes.length).toBeGreaterThanOrEqual(1);
      for (const size of sizes) expect(size).toEqual(LETTER_SIZE);
      const text = await pdfText(invoice);
      expect(text).toContain('COMMERCIAL INVOICE');
      expect(text).toContain('Cotton hoodie');
      expect(text).toContain(trackingNumbers[0]);
    });
  } else {
    it('adds no commercial invoice to a domestic shipment', () => {
      expect(get(name).invoices).toHaveLength(0);
    });
  }
});

describe('the barcode of a later package', () => {
  it('reads back as that package\'s tracking number, not the master\'s', async () => {
    const { trackingNumbers, labels } = get('UPS Ground, 3 packages');
    const third = labels[2];
    if (third === undefined) throw new Error('no third label');
    expect(decodeCode128(await rasterize(third, 203))).toBe(trackingNumbers[2]);
  });
});

describe('LTL freight', () => {
  it('is priced and labelled as Old Dominion freight, one label per pallet', () => {
    const { result } = get('ODFL LTL, 2 pallets');
    expect(result.shipMethod).toBe('Freight');
    expect(result.carrierServiceLevel).toMatch(/LTL/);
    expect((result.packages ?? []).map((p) => p.type)).toEqual(['Pallet', 'Pallet']);
  });
});
