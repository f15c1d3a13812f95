/**
 * Every station method, reached over the web host's HTTP API with valid input, in the order a
 * desk would use them: a location, an address check, rates, the business rules, a shipment
 * shipped, created and printed on the 4x6 queue, then everything done to it afterwards; the
 * outbox with a shipment the sandbox refuses; a second (production) connection; settings and
 * printers. The active connection is the embedded sandbox, as on a new desk.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, StationMethod, StationResults } from '../../../electron/api';
import { PDF_FOLDER_PRINTER, STATION_METHOD_NAMES } from '../../../electron/api';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import type { EventOf, StationHarness } from '../../support/stationHarness';
import { startStationHarness } from '../../support/stationHarness';
import { freePort } from '../../support/privatePostgres';
import { CHICAGO, SAN_FRANCISCO, location, rateRequest, requestKey, shipment } from '../../support/shipments';

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
  const queued = await reach('ship', { shipment: order(orderNumber), requestKey: requestKey() });
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

  it('settings: read and changed, all or nothing', async () => {
    const settings = await reach('getSettings', {});
    expect(settings).toMatchObject({ deskId: 'DESK1', labelRetentionDays: 30, autoPrintLabels: true, autoPrintDocuments: true, unitSystem: 'imperial', defaultLocationId: null, preferredCarrier: null });
    expect(settings.boxPresets.map((p) => p.code)).toContain('BOX-M');
    const presets = [{ code: 'BOX-IT', name: 'Test box', length: 30, width: 20, height: 10, unitOfLength: 'CM' as const }, ...settings.boxPresets];
    const changed = await reach('updateSettings', { deskId: 'IT7', labelRetentionDays: 30, unitSystem: 'metric', preferredCarrier: 'UPS', boxPresets: presets });
    expect(changed).toMatchObject({ deskId: 'IT7', labelRetentionDays: 30, unitSystem: 'metric', preferredCarrier: 'UPS' });
    expect(changed.boxPresets[0]).toEqual(presets[0]);
    expect(await reach('getSettings', {})).toEqual(changed);
    // One bad key refuses the whole patch: nothing of it is saved.
    const refused = await station.call('updateSettings', { deskId: 'IT8', boxPresets: [presets[0], presets[0]] as typeof presets });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
    expect((await reach('getSettings', {})).deskId).toBe('IT7');
    await reach('updateSettings', { unitSystem: 'imperial', preferredCarrier: null, boxPresets: settings.boxPresets });
  });

  it('printers: listed from the private CUPS, mapped, media set', async () => {
    const printers = await reach('listPrinters', {});
    const names = printers.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([station.cups.queues.label4x6, station.cups.queues.ippEverywhere, station.cups.queues.dead]));
    // The PDF folder is there on every desk, after the system's printers.
    expect(names.at(-1)).toBe(PDF_FOLDER_PRINTER);
    expect(await reach('getPrintSystem', {})).toMatchObject({ spooler: { state: 'ready' }, label: { printer: station.labelQueue, chosen: true, problem: null } });

    const mapped = await reach('setPrinterMap', { labelPrinter: station.labelQueue, documentPrinter: station.cups.queues.ippEverywhere });
    expect(mapped).toMatchObject({ labelPrinter: station.labelQueue, documentPrinter: station.cups.queues.ippEverywhere });
    const withMedia = await reach('setPrinterMedia', { printer: station.labelQueue, media: '4x6' });
    expect(withMedia.printerMedia).toEqual({ [station.labelQueue]: '4x6' });
    // A longer stock for labels longer than 6 in, kept beside the media; left out it stays, null forgets it.
    expect((await reach('setPrinterMedia', { printer: station.labelQueue, media: '4x6', longer: '4x8' })).printerLongerMedia).toEqual({ [station.labelQueue]: '4x8' });
    expect((await reach('setPrinterMedia', { printer: station.labelQueue, media: '4x6' })).printerLongerMedia).toEqual({ [station.labelQueue]: '4x8' });
    expect(await station.call('setPrinterMedia', { printer: station.labelQueue, media: '4x6', longer: '4x4' })).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'longer' }] } });
    expect((await reach('setPrinterMedia', { printer: station.labelQueue, media: '4x6', longer: null })).printerLongerMedia).toEqual({});
    const setup = await reach('getPrinterSetup', {});
    expect(setup).toMatchObject({ labelPrinter: station.labelQueue, documentPrinter: station.cups.queues.ippEverywhere, printerMedia: { [station.labelQueue]: '4x6' } });
    expect(setup.mediaNames).toContain('4x6');

    const zpl = await reach('setPrinterLanguage', { printer: station.labelQueue, language: 'ZPL', dpi: 300, darkness: 22, offset: { x: 4, y: 8 } });
    expect(zpl.printerLanguage).toEqual({ [station.labelQueue]: { language: 'ZPL', dpi: 300, darkness: 22, offset: { x: 4, y: 8 } } });
    expect((await reach('getPrinterSetup', {})).printerLanguage[station.labelQueue]?.language).toBe('ZPL');
    // Back to PDF with the defaults: forgotten, as a printer never set.
    expect((await reach('setPrinterLanguage', { printer: station.labelQueue, language: 'PDF' })).printerLanguage).toEqual({});
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
    const queued = await reach('ship', { shipment: order('SO-IT-MAIN', { shipFrom: CHICAGO }), requestKey: requestKey() });
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

  it('ship: the same request key answers the same shipment, however often and however fast it is pressed', async () => {
    const key = requestKey();
    const input = { shipment: order('SO-IT-TWICE'), requestKey: key };
    const answers = await Promise.all([reach('ship', input), reach('ship', input), reach('ship', input)]);
    expect(new Set(answers.map((a) => a.stationRef)).size).toBe(1);
    expect(answers.filter((a) => !a.repeated)).toHaveLength(1);
    const later = await reach('ship', input);
    expect(later).toMatchObject({ stationRef: answers[0]?.stationRef, repeated: true, outboxId: answers[0]?.outboxId });
    const found = await reach('findShipmentsByOrder', { orderNumber: 'SO-IT-TWICE' });
    expect(found.map((s) => s.stationRef)).toEqual([answers[0]?.stationRef]);
    expect(await reach('findShipmentsByOrder', { orderNumber: 'SO-IT-NEVER' })).toEqual([]);
  });

  it('a stored label can be read back for a preview', async () => {
    const content = await reach('getDocumentContent', { documentId: labelDocumentId });
    expect(content).toMatchObject({ documentId: labelDocumentId, stationRef: mainRef, type: 'Label', mime: 'application/pdf' });
    expect(Buffer.from(content.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const missing = await station.call('getDocumentContent', { documentId: 999_999 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'notFound', fields: [{ field: 'documentId' }] } });
  });

  it('previews a stored label as it will print on the label printer, and on another printer asked for', async () => {
    const preview = await reach('previewPrint', { documentId: labelDocumentId });
    expect(preview).toMatchObject({ documentId: labelDocumentId, printer: station.labelQueue });
    expect(Buffer.from(preview.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The sandbox's 4x6 label on 4x6 stock: as it is, at 100%, nothing said.
    expect(preview.layout.labels).toEqual([
      { what: `Label for package 1 (document ${String(labelDocumentId)})`, format: 'PDF', size: { width: 288, height: 432 }, croppedFrom: null, media: { name: '4x6', width: 288, height: 432 }, scale: 1, turned: false, notes: [] },
    ]);
    // A label asked for on another printer takes that printer's label stock (4x6 when none is set).
    const elsewhere = await reach('previewPrint', { documentId: labelDocumentId, printer: station.cups.queues.ippEverywhere });
    expect(elsewhere.printer).toBe(station.cups.queues.ippEverywhere);
    expect(elsewhere.layout.labels[0]).toMatchObject({ media: { name: '4x6' }, scale: 1 });
    expect(await station.call('previewPrint', { documentId: 999_999 })).toMatchObject({ ok: false, error: { code: 'notFound', fields: [{ field: 'documentId' }] } });
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

  it('saves a document into the PDF folder, in the folder chosen, and opens the file', async () => {
    const folder = join(station.dataDir, 'saved labels');
    expect(await reach('setPdfFolder', { folder })).toMatchObject({ pdfFolder: folder, pdfFolderIsDefault: false });
    const from = station.events.length;
    const saved = await station.value('reprintDocument', { documentId: labelDocumentId, printer: PDF_FOLDER_PRINTER });
    await station.waitForEvent('printJob', (e) => e.state === 'completed' && e.ids.includes(saved.id), from);
    const file = await reach('openPrintedFile', { printJobId: saved.id });
    expect(file.path.startsWith(`${folder}/`)).toBe(true);
    expect(station.opened.at(-1)).toEqual({ file: file.path, reveal: false });
    await reach('setPdfFolder', { folder: null });
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
    const cancelled = await reach('cancelShipments', { stationRefs: refs, reason: 'Customer changed the order' });
    expect(cancelled.map((c) => c.stationRef)).toEqual(refs);
    expect(cancelled.every((c) => c.status === 'cancelling')).toBe(true);
    for (const ref of refs) await outboxState(ref, 'cancelShipment', 'done', from);
    for (const ref of refs) expect((await reach('getShipment', { stationRef: ref })).shipment.status).toBe('Cancelled');
    // The reason went with each cancel, as the service's cancelReason.
    const sent = await reach('listOutbox', { states: ['done'] });
    const cancels = sent.filter((item) => item.kind === 'cancelShipment' && refs.includes(item.stationRef));
    expect(cancels.map((item) => (item.payload as { cancelReason?: string }).cancelReason)).toEqual(refs.map(() => 'Customer changed the order'));
  });

  it('outbox: a shipment the service refuses is failed; it can be retried, resubmitted corrected, or discarded', async () => {
    // A ZIP code that passes the schema (any text) but that the sandbox's postal data does not know.
    const badTo = { ...SAN_FRANCISCO, zipPostalCode: '00000' };
    let from = station.events.length;
    const bad = await reach('ship', { shipment: order('SO-IT-BAD-1', { shipTo: badTo }), requestKey: requestKey() });
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
    const doomed = await reach('ship', { shipment: order('SO-IT-BAD-2', { shipTo: badTo }), requestKey: requestKey() });
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

  describe('held, copied, failed and retried prints', () => {
    it('holds labels while auto-print is off and prints them, with the printer\'s copies, when released', async () => {
      await reach('updateSettings', { autoPrintLabels: false });
      await reach('setPrinterCopies', { printer: station.labelQueue, copies: 2 });
      const { stationRef, labels } = await shipAndWaitCreated('SO-IT-HELD');
      const held = await reach('printHistory', { stationRef });
      expect(held.map((job) => job.state)).toEqual(['queued']);
      const from = station.events.length;
      const released = await reach('releaseHeldPrintJobs', {});
      expect(released.map((job) => job.id)).toEqual(expect.arrayContaining([...labels.printJobIds]));
      const done = await station.waitForEvent('printJob', (e) => e.state === 'completed' && labels.printJobIds.every((id) => e.ids.includes(id)), from);
      const copies = await run('ipptool', ['-tv', `ipp://${station.cups.env.CUPS_SERVER ?? ''}/jobs/${done.jobId?.replace(/^.*-/, '') ?? ''}`, 'get-job-attributes.test'], { env: station.cups.env });
      expect(copies.stdout).toMatch(/copies \(integer\) = 2/);
      expect((await reach('setPrinterCopies', { printer: station.labelQueue, copies: null })).printerCopies).toEqual({});
      await reach('updateSettings', { autoPrintLabels: true });
    });

    it('lists a failed print as a problem until it is retried or dismissed', async () => {
      // The label printer stops accepting jobs: the next label fails to print.
      await run('cupsreject', [station.labelQueue], { env: station.cups.env });
      let from = station.events.length;
      const { labels } = await shipAndWaitCreated('SO-IT-JAM');
      const failed = await station.waitForEvent('printJob', (e) => e.state === 'failed' && labels.printJobIds.every((id) => e.ids.includes(id)), from);
      expect(failed.message).toMatch(/not accepting jobs/);
      const problems = await reach('listPrintProblems', {});
      const problem = problems.find((p) => labels.printJobIds.includes(p.job.id));
      expect(problem).toMatchObject({ documentType: 'Label', packageIndex: 0, orderNumber: 'SO-IT-JAM', trackingNumber: expect.stringMatching(/\S/) as string });

      await run('cupsaccept', [station.labelQueue], { env: station.cups.env });
      from = station.events.length;
      const retried = await reach('retryPrintJob', { id: problem?.job.id ?? 0 });
      expect(retried).toMatchObject({ purpose: 'reprint', documentId: problem?.job.documentId });
      await station.waitForEvent('printJob', (e) => e.state === 'completed' && e.ids.includes(retried.id), from);
      expect((await reach('listPrintProblems', {})).map((p) => p.job.id)).not.toContain(problem?.job.id);
      const again = await station.call('retryPrintJob', { id: retried.id });
      expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });

      // Another failure, dismissed: a person printed it elsewhere.
      await run('cupsreject', [station.labelQueue], { env: station.cups.env });
      from = station.events.length;
      const second = await shipAndWaitCreated('SO-IT-JAM-2');
      await station.waitForEvent('printJob', (e) => e.state === 'failed' && second.labels.printJobIds.every((id) => e.ids.includes(id)), from);
      await run('cupsaccept', [station.labelQueue], { env: station.cups.env });
      const [jobId = 0] = second.labels.printJobIds;
      expect(await reach('dismissPrintProblem', { id: jobId })).toMatchObject({ id: jobId, state: 'failed', resolvedAt: expect.any(Number) as number });
      expect((await reach('listPrintProblems', {})).map((p) => p.job.id)).not.toContain(jobId);
    });

    it('says when a printer stops and comes back', async () => {
      const from = station.events.length;
      await run('cupsdisable', ['-r', 'out of labels', station.labelQueue], { env: station.cups.env });
      const stopped = await station.waitForEvent('printerState', (e) => e.printers.some((p) => p.name === station.labelQueue && p.state === 'stopped'), from);
      expect(stopped.printers.find((p) => p.name === station.labelQueue)?.message).toMatch(/out of labels/);
      await run('cupsenable', [station.labelQueue], { env: station.cups.env });
      await station.waitForEvent('printerState', (e) => e.printers.some((p) => p.name === station.labelQueue && p.state !== 'stopped'), from);
    });
  });

  it("orders: a shop's file previewed, imported, listed and found; a column mapping kept, listed and deleted", async () => {
    const text = readFileSync(new URL('../../fixtures/orders/spreadsheet-semicolon-bom-crlf.csv', import.meta.url), 'utf8');
    const preview = await reach('previewOrderImport', { text });
    expect(preview).toMatchObject({ format: 'generic', delimiter: ';', rowCount: 4, problems: [] });
    expect(preview.orders.map((o) => o.orderNumber)).toEqual(['WEB-2001', 'WEB-2002', 'WEB-2003']);
    expect(await reach('importOrders', { text })).toMatchObject({ created: 3, updated: 0, unchanged: 0, keptShipped: 0, problems: [] });
    // The same file sent in pieces, as the Orders screen sends it.
    const bytes = Buffer.from(text);
    const { fileId } = await reach('openOrderFile', { name: 'sheet.csv', size: bytes.length });
    expect(await reach('appendOrderFile', { fileId, offset: 0, data: bytes.subarray(0, 100).toString('base64') })).toEqual({ received: 100, complete: false });
    expect(await reach('appendOrderFile', { fileId, offset: 100, data: bytes.subarray(100).toString('base64') })).toEqual({ received: bytes.length, complete: true });
    expect(await reach('previewOrderImport', { fileId })).toMatchObject({ orderCount: 3, encoding: 'utf-8' });
    expect(await reach('importOrders', { fileId })).toMatchObject({ created: 0, unchanged: 3 });
    expect(await reach('cancelOrderFile', { fileId })).toEqual({ cancelled: false });
    expect(await reach('closeOrderFile', { fileId })).toEqual({ closed: true });
    const found = await reach('listOrders', { query: 'muller', status: 'open' });
    expect(found).toMatchObject({ total: 1, orders: [{ orderNumber: 'WEB-2001', shipTo: { name: 'Anna Müller', country: 'DE' }, estimatedWeightGrams: 600 }] });
    expect(await reach('getOrder', { orderNumber: 'WEB-2002' })).toMatchObject({ status: 'open', format: 'generic', shipTo: { city: 'Paris', country: 'FR' } });
    // A scan finds the order however its number is typed, and drafts its shipment (customs made in the ship-from's country).
    const scan = await reach('scanOrder', { scanned: ' web-2002 ', shipFromCountry: 'US' });
    expect(scan).toMatchObject({ orderNumber: 'WEB-2002', order: { status: 'open' }, shippedBefore: [], ambiguous: [], importedOrders: 3 });
    expect(scan.draft).toMatchObject({ orderNumber: 'WEB-2002', shipTo: { city: 'Paris', country: 'FR' }, unitOfWeight: 'LB' });
    expect(scan.draft?.commodities.every((line) => line.countryOfOrigin === 'US')).toBe(true);
    expect(await reach('scanOrder', { scanned: 'WEB-9999' })).toMatchObject({ orderNumber: 'WEB-9999', order: null, draft: null, importedOrders: 3 });
    // A desk alone: no claim in the scan, nothing held to give back or take over.
    expect(scan).not.toHaveProperty('claim');
    expect(await reach('releaseOrder', { orderNumber: 'WEB-2002' })).toEqual({ released: true });
    const takeover = await station.call('takeOverOrder', { orderNumber: 'WEB-2002', reason: 'the other desk is down' });
    expect(takeover).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Warehouse mode is off at this desk: there is no claim to take over' } });
    reached.add('takeOverOrder');

    const mapping = { orderNumber: 'Order No', name: 'Recipient', address1: 'Street', city: 'City', zipPostalCode: 'Postcode', country: 'Country' };
    expect(await reach('saveOrderMapping', { name: 'Market sheet', mapping })).toMatchObject({ name: 'Market sheet', mapping });
    expect((await reach('listOrderMappings', {})).map((m) => m.name)).toEqual(['Market sheet']);
    expect(await reach('deleteOrderMapping', { name: 'market sheet' })).toEqual({ deleted: true });
    expect(await reach('listOrderMappings', {})).toEqual([]);
  });

  it('batches: imported orders estimated, shipped as one batch, followed until their labels printed as one job, listed', async () => {
    const text = [
      'Order No,Recipient,Street,City,State,Postcode,Country,SKU,Description,Qty,Weight,Weight unit',
      'IT-B1,Jordan Lee,500 Howard St,San Francisco,CA,94105,US,TS-1,T-shirt,2,1.2,lb',
      'IT-B2,Dana Reyes,233 S Wacker Dr,Chicago,IL,60606,US,MUG-1,Mug,1,3,lb',
    ].join('\n');
    await reach('importOrders', { text });
    const box = { length: 12, width: 10, height: 8, unitOfLength: 'IN' } as const;
    const service = { kind: 'service', carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' } as const;
    const orderNumbers = ['IT-B1', 'IT-B2'];
    const offered = await reach('batchServices', { orderNumbers, box });
    expect(offered.orderNumber).toBe('IT-B1');
    expect(offered.services.some((s) => s.carrier === 'UPS' && s.serviceLevel === 'UPS_GROUND' && s.price > 0)).toBe(true);
    const estimate = await reach('estimateBatch', { orderNumbers, box, service });
    // IT-B1's rates were just asked for its services: only IT-B2's are asked now.
    expect(estimate).toMatchObject({ currency: 'USD', rateRequests: 1, perOrder: [{ orderNumber: 'IT-B1', serviceLevel: 'UPS_GROUND' }, { orderNumber: 'IT-B2', serviceLevel: 'UPS_GROUND' }] });
    expect(estimate.total).toBeGreaterThan(0);

    const batch = await reach('shipBatch', { batchKey: requestKey(), orderNumbers, box, service });
    expect(batch.orders.map((o) => o.orderNumber)).toEqual(orderNumbers);
    const printed = await station.waitFor(async () => {
      const view = await reach('getBatch', { batchId: batch.id });
      return view.printed ? view : undefined;
    }, 'the batch to print');
    expect(printed).toMatchObject({ total: 2, shipped: 2, settled: 2, print: { state: 'completed', pages: 2 } });
    expect((await reach('listBatches', { limit: 5 }))[0]).toMatchObject({ id: batch.id, printed: true });
  });

  it('the day at a glance agrees with the lists it sums up', async () => {
    const glance = await reach('getToday', { timeZone: 'Europe/Berlin' });
    expect(glance.timeZone).toBe('Europe/Berlin');
    expect(glance.week.shipments).toBeGreaterThanOrEqual(glance.today.shipments);
    expect(glance.printProblems).toBe((await reach('listPrintProblems', {})).length);
    const open = await reach('listOutbox', { states: ['failed', 'needs_review'], limit: 1000 });
    expect(glance.outbox.needsPerson).toBe(open.length);
  });

  it('warehouse: off on a new desk; a link to a server that does not answer is tested and saved in words, then turned off', async () => {
    expect((await reach('getWarehouse', {})).status.state).toBe('notConfigured');
    // A loopback port nothing listens on: the desk keeps working and says why (the warehouse
    // itself, on a real PostgreSQL, is tested in warehouse-settings.test.ts).
    const port = await freePort();
    const link = { host: '127.0.0.1', port, database: 'packbench', role: 'packbench_desk', tls: 'disable', caCertificate: null, deskName: 'Desk 7', password: 'not-used-anywhere' } as const;
    const tested = await reach('testWarehouse', link);
    expect(tested).toEqual({ ok: false, message: `Nothing answers at 127.0.0.1:${String(port)}: is PostgreSQL running there and listening on the network (listen_addresses)?` });
    const saved = await reach('saveWarehouse', link);
    expect(saved).toMatchObject({ hasPassword: true, status: { state: 'unreachable' } });
    // Without the warehouse: a conservative share of the credential, and no conflicts to read yet.
    await station.waitFor(async () => ((await reach('getRequestBudget', {}))?.kind === 'local' ? true : undefined), 'the request budget on a local share');
    expect(await reach('countWarehouseConflicts', {})).toBe(0);
    expect(await reach('getWarehouseJournal', {})).toEqual({ waiting: 0, refused: [] });
    // Other desks' shipments cannot be asked for: said in words, the desk's own list stands.
    expect(await reach('searchWarehouseHistory', { text: 'Rivera' })).toMatchObject({ kind: 'unreachable', words: expect.stringContaining('127.0.0.1') });
    const listed = await station.call('listWarehouseConflicts', {});
    expect(listed).toMatchObject({ ok: false, error: { code: 'offline', retryable: true } });
    reached.add('listWarehouseConflicts');
    const settled = await station.call('resolveWarehouseConflict', { conflictId: 1, resolution: 'Voided the second label.' });
    expect(settled).toMatchObject({ ok: false, error: { code: 'offline', retryable: true } });
    reached.add('resolveWarehouseConflict');
    expect((await reach('turnOffWarehouse', {})).status.state).toBe('notConfigured');
    expect(await reach('getRequestBudget', {})).toMatchObject({ kind: 'own' });
    expect(await reach('searchWarehouseHistory', {})).toEqual({ kind: 'notLinked' });
  });

  it('reached every method of the station API', () => {
    expect([...reached].sort()).toEqual([...STATION_METHOD_NAMES].sort());
  });
});
