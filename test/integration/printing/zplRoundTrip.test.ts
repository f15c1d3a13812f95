/**
 * Labels of every carrier, from the sandbox's PDF to ZPL at 203 and 300 dpi and back: each label
 * of the job is rebuilt from its ^GF graphic by the tests' own decoder (Z64 CRC checked, inflated,
 * rows unpacked) and its Code 128 barcode read by ZXing, which must give that package's tracking
 * number. What a scanner at the dock would read off the printed label.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseWith, ShipmentCreateResult, type ShipmentCreate } from '../../../electron/service/contract';
import { fitToMedia } from '../../../electron/printing/fit';
import { MEDIA } from '../../../electron/printing/media';
import { pdfToZpl } from '../../../electron/printing/zpl/zpl';
import { useSandbox } from '../../support/sandboxHarness';
import { internationalShipment, shipment } from '../../support/shipments';
import { decodeZplJob, luminanceOf } from '../../support/zplDecoder';
import { decodeCode128 } from '../../unit/sandbox/documents/pdf-tools';

/** Rendering a few dozen labels at 300 dpi on a busy two-core machine: generous, not a timing. */
const TEST_TIMEOUT_MS = 5 * 60_000;

const box = (weight: number) => ({ weight, length: 12, width: 10, height: 8 });
const pallet = { weight: 900, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70' };

const CASES: readonly { readonly name: string; readonly body: ShipmentCreate }[] = [
  { name: 'UPS Ground, 3 packages', body: shipment({ packages: [box(3), box(7), box(11)] }) },
  { name: 'FedEx Ground, 2 packages', body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'FedEx' }, packages: [box(2), box(4)] }) },
  { name: 'USPS Ground Advantage', body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'USPS' } }) },
  { name: 'DHL Express to Canada', body: { ...internationalShipment(), shipmentInfo: { shipMethod: 'Express', carrier: 'DHL' } } },
  { name: 'UPS Express to Canada', body: internationalShipment() },
  { name: 'ODFL LTL, 2 pallets', body: shipment({ shipmentInfo: { shipMethod: 'Freight', carrier: 'ODFL' }, packages: [pallet, { ...pallet, weight: 650, freightClass: '85' }] }) },
];

interface Created {
  readonly trackingNumbers: readonly string[];
  readonly labels: readonly Uint8Array[];
}

const { client } = useSandbox({ requestsPerMinute: 100_000 });
const created = new Map<string, Created>();

beforeAll(async () => {
  for (const { name, body } of CASES) {
    const answer = await client.call('createShipment', { body });
    expect(answer.status, `${name}: ${JSON.stringify(answer.body).slice(0, 500)}`).toBe(200);
    const parsed = parseWith(ShipmentCreateResult, answer.body);
    if (!parsed.ok) throw new Error(`${name}: the answer does not match the contract`);
    const documents = parsed.value.documents ?? [];
    created.set(name, {
      trackingNumbers: (parsed.value.packages ?? []).map((p) => p.trackingNumber ?? ''),
      labels: documents.filter((d) => d.documentType === 'Label').map((d) => new Uint8Array(Buffer.from(d.documentContent, 'base64'))),
    });
  }
}, TEST_TIMEOUT_MS);

describe.each([203, 300] as const)('at %i dpi', (dpi) => {
  it.each(CASES.map((c) => c.name))(
    '%s: one job, a label per package, each barcode read back as its tracking number',
    async (name) => {
      const shipmentCreated = created.get(name);
      if (shipmentCreated === undefined) throw new Error(`${name} was not created`);
      const { trackingNumbers, labels } = shipmentCreated;
      expect(labels.length).toBe(trackingNumbers.length);
      // As the print service does: the shipment's labels fitted to the 4x6 media as one PDF, then ZPL.
      const job = await pdfToZpl(await fitToMedia(labels, MEDIA['4x6']), { dpi, darkness: 15, offset: { x: 0, y: 0 } });
      const decoded = decodeZplJob(job);
      expect(decoded).toHaveLength(trackingNumbers.length);
      const size = dpi === 203 ? { width: 812, height: 1218 } : { width: 1200, height: 1800 };
      for (const label of decoded) {
        expect(label).toMatchObject({ encoding: 'Z64', printWidth: size.width, labelLength: size.height, width: size.width, height: size.height, darkness: 15 });
      }
      expect(decoded.map((label) => decodeCode128(luminanceOf(label)))).toEqual(trackingNumbers);
    },
    TEST_TIMEOUT_MS,
  );
});
