/**
 * One shipment opened on the Shipments screen: read whole, its tracking asked of the service when
 * it may still move, read again for the events that concern it alone, forgotten when closed.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeStation, refusal, settled } from '../testing/fakeStation';
import { printJob, shipmentDetail } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { ShipmentDetailState } from './shipmentDetail.svelte';

const REF = 'PB-DESK1-0001';

function desk(fields: Parameters<typeof shipmentDetail>[0] = { stationRef: REF }) {
  const station = new FakeStation().answer('getShipment', ({ stationRef }) => shipmentDetail({ ...fields, stationRef }, { printJobs: [printJob({ id: 30, stationRef })] })).answer('trackShipments', () => []);
  return { station, opened: new ShipmentDetailState(station) };
}

describe('an opened shipment', () => {
  it('is read whole, and its tracking asked of the service when it is the service’s and not delivered', async () => {
    const { station, opened } = desk();
    expect(await opened.open(REF)).toBe(true);
    expect(opened.detail?.shipment.stationRef).toBe(REF);
    await vi.waitFor(() => expect(station.inputsOf('trackShipments')).toEqual([{ stationRefs: [REF] }]));

    const delivered = desk({ stationRef: REF, delivered: true });
    await delivered.opened.open(REF);
    const queued = desk({ stationRef: REF, serviceId: null });
    await queued.opened.open(REF);
    await settled();
    expect([...delivered.station.inputsOf('trackShipments'), ...queued.station.inputsOf('trackShipments')]).toEqual([]);
  });

  it('says why tracking could not be asked, and clears it once it can', async () => {
    const { station, opened } = desk();
    station.answer('trackShipments', () => {
      throw refusal('offline', 'the service cannot be reached');
    });
    await opened.open(REF);
    expect(opened.tracking).toBe(true);
    await vi.waitFor(() => expect(opened.tracking).toBe(false));
    expect(opened.trackingProblem).toBe('The service cannot be reached. The station keeps what was saved and sends it when the service is back.');
    station.answer('trackShipments', () => []);
    await opened.track();
    expect(opened.trackingProblem).toBeUndefined();
  });

  it('is read again for its own queue item, labels, tracking and print jobs, not another shipment’s; closed, it follows nothing', async () => {
    const { station, opened } = desk({ stationRef: REF, delivered: true });
    await opened.open(REF);
    const reads = () => station.inputsOf('getShipment').length;
    station.emit({ type: 'trackingChanged', stationRef: 'PB-DESK1-0002', status: 'Delivered', delivered: true, events: 3 });
    station.emit({ type: 'printJob', ids: [31], state: 'completed' });
    await settled();
    expect(reads()).toBe(1);
    station.emit({ type: 'printJob', ids: [30], state: 'failed' });
    await vi.waitFor(() => expect(reads()).toBe(2));
    station.emit({ type: 'labelsReady', stationRef: REF, printJobIds: [30] });
    await vi.waitFor(() => expect(reads()).toBe(3));
    opened.close();
    expect(opened.detail).toBeUndefined();
    expect(station.listening).toBe(0);
  });

  it('a shipment that cannot be read is said, and nothing is opened', async () => {
    const { station, opened } = desk();
    station.answer('getShipment', ({ stationRef }) => {
      throw refusal('notFound', `no shipment ${stationRef}`);
    });
    const toasts = watchToasts();
    expect(await opened.open('PB-DESK1-0404')).toBe(false);
    expect(toasts).toEqual(['No shipment PB-DESK1-0404.']);
  });
});
