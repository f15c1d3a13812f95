/**
 * Every station method, reached over the web host's HTTP API with valid input, in the order a
 * desk would use them: a location, an address check, rates, the business rules, a shipment
 * shipped, created and printed on the 4x6 queue, then everything done to it afterwards; the
 * outbox with a shipment the sandbox refuses; a second (production) connection; settings and
 * printers. The active connection is the embedded sandbox, as on a new desk.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, StationMethod, StationResults } from '../../../electron/api';
import { STATION_METHOD_NAMES } from '../../../electron/api';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import type { EventOf, StationHarness } from '../../support/stationHarness';
import { startStationHarness } from '../../support/stationHarness';
import { CHICAGO, SAN_FRANCISCO, location, rateRequest, shipment } from '../../support/shipments';

const run = promisify(execFile);

let station: StationHarness;
/** The methods this file reached and that answered ok. */
const reached = new Set<string>();

/** Calls a method that must succeed, and notes that it was reached. */
async function reach<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]> {
  const answer = await station.call(method, input);
  if (!answer.ok) throw new Error(`${method} answered ${JSON.stringify(answer.error)}`);
  reached.add(method);
  return answer.value;
}

/** A shipment whose order number makes it easy to find, dated now. */
function order(orderNumber: string, overrides: Parameters<typeof shipment>[0] = {}) {
  return shipment({ references: { orderNumber, customerPO: 'PO-IT' }, ...overrides });
}

function outboxState(ref: string, kind: string, state: string, from = 0): Promise<EventOf<'outboxItem'>> {
  return station.waitForEvent('outboxItem', (e) => e.stationRef === ref && e.kind === kind && e.state === state, from);
}

/** Ships and waits until the service created it and its labels are in the store. */
async function shipAndWaitCreated(orderNumber: string): Promise<{ stationRef: string; labels: EventOf<'labelsReady'> }> {
  const from = station.events.length;
  const queued = await reach('ship', { shipment: order(orderNumber) });
  await outboxState(queued.stationRef, 'createShipment', 'done', from);
  const labels = await station.waitForEvent('labelsReady', (e) => e.stationRef === queued.stationRef, from);
  return { stationRef: queued.stationRef, labels };
}

beforeAll(async () => {
  station = await startStationHarness();
});

afterAll(async () => {
  await station?.close();
});

describe('every station method over the web host, against the sandbox', () => {
  let locationId = '';
  let mainRef = '';
  let labelDocumentId = 0;

  it('connection: the embedded sandbox is active and reachable', async () => {
    const info = await station.waitFor(async () => {
      const answer = await reach('getConnection', {});
      return answer.online ? answer : undefined;
    }, 'the sandbox to be online');
    expect(info.profile).toMatchObject({ id: 'sandbox', kind: 'sandbox', method: 'apiKey', hasSecret: true });
    expect(info.profile.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.outbox).toMatchObject({ pending: 0, failed: 0 });

    const profiles = await reach('listProfiles', {});
    expect(profiles.map((p) => p.id)).toEqual(['sandbox']);
  });

  it('settings: read and changed', async () => {
    const settings = await reach('getSettings', {});
    expect(settings).toEqual({ deskId: 'DESK1', labelRetentionDays: expect.any(Number) as number, autoPrintLabels: true });
    const changed = await reach('updateSettings', { deskId: 'IT7', labelRetentionDays: 30 });
    expect(changed).toEqual({ deskId: 'IT7', labelRetentionDays: 30, autoPrintLabels: true });
    expect(await reach('getSettings', {})).toEqual(changed);
  });

  it('printers: listed from the private CUPS, mapped, media set', async () => {
    const printers = await reach('listPrinters', {});
    const names = printers.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([station.cups.queues.label4x6, station.cups.queues.ippEverywhere, station.cups.queues.dead]));

    const mapped = await reach('setPrinterMap', { labelPrinter: station.labelQueue, documentPrinter: station.cups.queues.ippEverywhere });
    expect(mapped).toMatchObject({ labelPrinter: station.labelQueue, documentPrinter: station.cups.queues.ippEverywhere });
    const withMedia = await reach('setPrinterMedia', { printer: station.labelQueue, media: '4x6' });
    expect(withMedia.printerMedia).toEqual({ [station.labelQueue]: '4x6' });
    const setup = await reach('getPrinterSetup', {});
    expect(setup).toMatchObject({ labelPrinter: station.labelQueue, documentPrinter: station.cups.queues.ippEverywhere, printerMedia: { [station.labelQueue]: '4x6' } });
    expect(setup.mediaNames).toContain('4x6');
  });

  it('locations: created, read, listed, changed', async () => {
    const referenceId = `WH-IT-${Date.now().toString(36)}`;
    const created = await reach('createLocation', { location: location(referenceId) });
    expect(created.id).toMatch(/\S/);
    expect(created.referenceId).toBe(referenceId);
    locationId = created.id;

    const detail = await reach('getLocation', { id: locationId });
    expect(detail).toMatchObject({ id: locationId, referenceId, locationName: 'Chicago DC' });

    const page = await reach('listLocations', { query: referenceId, page: 1, pageSize: 10 });
    expect(page.fromCache).toBe(false);
    expect(page.records.map((r) => r.id)).toContain(locationId);

    const updated = await reach('updateLocation', { id: locationId, location: { locationName: 'Chicago DC North' } });
    expect(updated.id).toBe(locationId);
    expect(await reach('getLocation', { id: locationId })).toMatchObject({ locationName: 'Chicago DC North' });
  });

  it('before shipping: address validated, rates compared, rules previewed', async () => {
    const checked = await reach('validateAddress', { address: SAN_FRANCISCO });
    expect(checked.status).toBe('Valid');

    const rates = await reach('rateShop', { request: rateRequest() });
    expect(rates.responses.length).toBeGreaterThan(0);
    expect(rates.responses.flatMap((carrier) => carrier.rates).every((rate) => rate.freight > 0)).toBe(true);

    const preview = await reach('previewRules', { shipment: order('SO-IT-PREVIEW') });
    expect(preview.success).not.toBe(false);
  });

  it('ships: queued, created by the service, and its label printed by the 4x6 queue', async () => {
    const from = station.events.length;
    const queued = await reach('ship', { shipment: order('SO-IT-MAIN', { shipFrom: CHICAGO }) });
    expect(queued.status).toBe('queued');
    expect(queued.stationRef).toMatch(/^PB-IT7-[0-9A-Z]{26}$/);
    mainRef = queued.stationRef;

    await outboxState(mainRef, 'createShipment', 'done', from);
    const labels = await station.waitForEvent('labelsReady', (e) => e.stationRef === mainRef, from);
    expect(labels.printJobIds.length).toBe(1);
    const printed = await station.waitForEvent('printJob', (e) => e.state === 'completed' && labels.printJobIds.every((id) => e.ids.includes(id)), from);
    expect(printed.printer).toBe(station.labelQueue);

    const detail = await reach('getShipment', { stationRef: mainRef });
    expect(detail.shipment.serviceId).toMatch(/^shp_/);
    expect(detail.shipment.status).toBe('Created');
    expect(detail.documents).toHaveLength(1);
    expect(detail.documents[0]).toMatchObject({ type: 'Label', mime: 'application/pdf' });
    // The row names a printer only when one was chosen by hand; the CUPS job id names the queue.
    expect(detail.printJobs).toEqual([expect.objectContaining({ purpose: 'auto', state: 'completed', cupsJobId: expect.stringMatching(new RegExp(`^${station.labelQueue}-\\d+$`)) as string })]);
    expect(detail.outbox).toEqual([expect.objectContaining({ kind: 'createShipment', state: 'done' })]);
    labelDocumentId = detail.documents[0]?.documentId ?? 0;

    // The queue wrote the job to its file: a 4x6 page that carries the shipment's tracking number.
    const output = station.cups.outputFileOf(station.labelQueue);
    expect(readFileSync(output).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = await run('pdfinfo', [output]);
    expect(info.stdout).toMatch(/Page size:\s+288 x 432 pts/);
    const text = await run('pdftotext', [output, '-']);
    const tracking = detail.shipment.trackingNumber ?? '';
    expect(tracking).not.toBe('');
    expect(text.stdout.replace(/\s+/g, '')).toContain(tracking.replace(/\s+/g, ''));
  });

  it('reprints the label, prints a test page, and keeps the print history', async () => {
    const from = station.events.length;
    const reprint = await reach('reprintDocument', { documentId: labelDocumentId, copies: 1 });
    expect(reprint).toMatchObject({ stationRef: mainRef, documentId: labelDocumentId, purpose: 'reprint' });
    await station.waitForEvent('printJob', (e) => e.state === 'completed' && e.ids.includes(reprint.id), from);

    const test = await reach('printTestPage', { printer: station.labelQueue });
    expect(test.jobId).toMatch(/\S/);
    await station.waitForEvent('printJob', (e) => e.testPage === true && e.jobId === test.jobId && e.state === 'completed', from);

    const history = await reach('printHistory', { stationRef: mainRef });
    expect(history.map((job) => job.purpose).sort()).toEqual(['auto', 'reprint']);
    expect(history.every((job) => job.state === 'completed')).toBe(true);
  });

  it('tracks and finds the shipment, here and on the service', async () => {
    const [record, ...rest] = await reach('trackShipments', { stationRefs: [mainRef] });
    expect(rest).toEqual([]);
    const detail = await reach('getShipment', { stationRef: mainRef });
    expect(record).toMatchObject({ shipment_Id: detail.shipment.serviceId, trackingNumber: detail.shipment.trackingNumber });
    expect(record).not.toHaveProperty('documents');

    const local = await reach('searchLocalShipments', { text: 'SO-IT-MAIN' });
    expect(local.results.map((r) => r.stationRef)).toEqual([mainRef]);

    const remote = await reach('searchRemoteShipments', { request: { searchTerm: detail.shipment.trackingNumber ?? '', pageNumber: 1, pageSize: 10 } });
    expect(remote.shipments.map((s) => s.id)).toContain(detail.shipment.serviceId);
  });

  it('changes the shipment: update, block, unblock, archive, each sent in order', async () => {
    const steps = [
      ['updateShipment', () => reach('updateShipment', { stationRef: mainRef, changes: { references: { orderNumber: 'SO-IT-MAIN', customerPO: 'PO-IT-2' } } })],
      ['blockShipment', () => reach('blockShipment', { stationRef: mainRef, reason: 'address check' })],
      ['unblockShipment', () => reach('unblockShipment', { stationRef: mainRef, reason: 'address confirmed' })],
      ['archiveShipment', () => reach('archiveShipment', { stationRef: mainRef })],
    ] as const;
    for (const [kind, step] of steps) {
      const from = station.events.length;
      const change = await step();
      expect(change).toMatchObject({ stationRef: mainRef, outboxId: expect.any(Number) as number });
      await outboxState(mainRef, kind, 'done', from);
    }
    const detail = await reach('getShipment', { stationRef: mainRef });
    expect(detail.shipment.status).toBe('Archived');
    expect(detail.outbox.map((item) => [item.kind, item.state])).toEqual([
      ['createShipment', 'done'],
      ['updateShipment', 'done'],
      ['blockShipment', 'done'],
      ['unblockShipment', 'done'],
      ['archiveShipment', 'done'],
    ]);
  });

  it('cancels several fresh shipments at once', async () => {
    const shipped = [];
    for (const n of [1, 2, 3]) shipped.push(await shipAndWaitCreated(`SO-IT-CANCEL-${n}`));
    const refs = shipped.map((s) => s.stationRef);
    const from = station.events.length;
    const cancelled = await reach('cancelShipments', { stationRefs: refs });
    expect(cancelled.map((c) => c.stationRef)).toEqual(refs);
    expect(cancelled.every((c) => c.status === 'cancelling')).toBe(true);
    for (const ref of refs) await outboxState(ref, 'cancelShipment', 'done', from);
    for (const ref of refs) expect((await reach('getShipment', { stationRef: ref })).shipment.status).toBe('Cancelled');
  });

  it('outbox: a shipment the service refuses is failed; it can be retried, resubmitted corrected, or discarded', async () => {
    // A ZIP code that passes the schema (any text) but that the sandbox's postal data does not know.
    const badTo = { ...SAN_FRANCISCO, zipPostalCode: '00000' };
    let from = station.events.length;
    const bad = await reach('ship', { shipment: order('SO-IT-BAD-1', { shipTo: badTo }) });
    await outboxState(bad.stationRef, 'createShipment', 'failed', from);

    const failed = await reach('listOutbox', { states: ['failed'] });
    const item = failed.find((i) => i.stationRef === bad.stationRef);
    expect(item).toMatchObject({ id: bad.outboxId, kind: 'createShipment', state: 'failed' });
    expect(item?.lastError?.items).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'shipTo.zipPostalCode' })]));

    from = station.events.length;
    const retried = await reach('retryOutboxItem', { id: bad.outboxId });
    expect(retried.id).toBe(bad.outboxId);
    expect(['pending', 'sending', 'failed']).toContain(retried.state);
    await outboxState(bad.stationRef, 'createShipment', 'failed', from);

    from = station.events.length;
    const corrected = await reach('resubmitOutboxItem', { id: bad.outboxId, shipment: order('SO-IT-BAD-1') });
    expect(corrected).toMatchObject({ id: bad.outboxId, kind: 'createShipment' });
    expect(corrected.payload).toMatchObject({ shipTo: { zipPostalCode: SAN_FRANCISCO.zipPostalCode }, references: { stationRef: bad.stationRef } });
    await outboxState(bad.stationRef, 'createShipment', 'done', from);
    await station.waitForEvent('labelsReady', (e) => e.stationRef === bad.stationRef, from);

    from = station.events.length;
    const doomed = await reach('ship', { shipment: order('SO-IT-BAD-2', { shipTo: badTo }) });
    await outboxState(doomed.stationRef, 'createShipment', 'failed', from);
    const discarded = await reach('discardOutboxItem', { id: doomed.outboxId });
    expect(discarded).toMatchObject({ id: doomed.outboxId, state: 'discarded' });
    expect((await reach('getShipment', { stationRef: doomed.stationRef })).shipment.status).toBe('discarded');

    const all = await reach('listOutbox', { limit: 1000 });
    expect(all.filter((i) => i.state === 'failed')).toEqual([]);
  });

  it('deletes the location it created', async () => {
    const deleted = await reach('deleteLocation', { id: locationId });
    expect(deleted.id).toBe(locationId);
    // The service soft-deletes: the record stays readable, flagged, and cannot be changed again.
    expect(await reach('getLocation', { id: locationId })).toMatchObject({ id: locationId, deleted: true, active: false });
    const again = await station.call('deleteLocation', { id: locationId });
    expect(again).toMatchObject({ ok: false, error: { code: 'notFound' } });
  });

  describe('a second, production connection (OAuth against a standalone sandbox)', () => {
    let second: RunningSandbox;
    let profileId = '';

    beforeAll(async () => {
      second = await station.startServiceSandbox({ credentials: { clientId: 'it-desk', clientSecret: `secret-${Math.random().toString(36).slice(2)}` } });
    });

    it('is saved, given its secret, and tested', async () => {
      const saved = await reach('saveProfile', { name: 'Second warehouse', baseUrl: second.baseUrl, authUrl: second.authUrl, method: 'oauth', clientId: 'it-desk', tier: 'Standard' });
      expect(saved).toMatchObject({ kind: 'production', name: 'Second warehouse', method: 'oauth', clientId: 'it-desk', requestsPerMinute: 100, hasSecret: false });
      expect(saved.warnings.join(' ')).toMatch(/http, not https/);
      profileId = saved.id;

      const before = await reach('testConnection', { profileId });
      expect(before.ok).toBe(false);
      expect(before.message).toMatch(/no client secret is stored/);

      const withSecret = await reach('setProfileSecret', { profileId, secret: second.credentials.clientSecret });
      expect(withSecret).toMatchObject({ id: profileId, hasSecret: true });

      const test = await reach('testConnection', { profileId });
      expect(test).toMatchObject({ ok: true });
      expect(test.message).toContain(second.baseUrl);
    });

    it('becomes the active connection and back', async () => {
      const from = station.events.length;
      const switched = await reach('switchProfile', { profileId });
      expect(switched.profile).toMatchObject({ id: profileId, kind: 'production', hasSecret: true });
      await station.waitForEvent('connectionChanged', (e) => e.profileId === profileId, from);
      // Each connection has its own store: the sandbox's shipments are not here.
      expect((await reach('searchLocalShipments', { text: 'SO-IT-MAIN' })).results).toEqual([]);
      const online = await station.waitFor(async () => {
        const info = await reach('getConnection', {});
        return info.online ? info : undefined;
      }, 'the second sandbox to be online');
      expect(online.profile.id).toBe(profileId);

      const back = await reach('switchProfile', { profileId: 'sandbox' });
      expect(back.profile.id).toBe('sandbox');
      expect((await reach('searchLocalShipments', { text: 'SO-IT-MAIN' })).results.map((r) => r.stationRef)).toEqual([mainRef]);
    });

    it('loses its secret, then is deleted', async () => {
      const cleared = await reach('clearProfileSecret', { profileId });
      expect(cleared).toMatchObject({ id: profileId, hasSecret: false });
      const deleted = await reach('deleteProfile', { profileId });
      expect(deleted).toEqual({ deleted: true });
      expect((await reach('listProfiles', {})).map((p) => p.id)).toEqual(['sandbox']);
    });
  });

  it('reached every method of the station API', () => {
    expect([...reached].sort()).toEqual([...STATION_METHOD_NAMES].sort());
  });
});
