import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CupsBackend } from '../../../electron/platform/printers/cups/backend';
import { DocumentError, checkPdf } from '../../../electron/printing/document';
import { FIRST_POLL_MS, GIVE_UP_MS, judgeJob } from '../../../electron/printing/jobWatcher';
import { PrintService, describeDocument } from '../../../electron/printing/printService';
import type { PrintEvent, PrintJob } from '../../../electron/api';
import { realTimers, type Timers } from '../../../electron/platform/clock';
import { documents, openStationStore, printJobs, settings, shipments } from '../../../electron/store';
import type { StationStore } from '../../../electron/store';
import { shipment } from '../../support/shipments';
import type { PrivateCups } from '../../support/privateCups';
import { startPrivateCups } from '../../support/privateCups';
import { VirtualClock } from '../../support/virtualClock';

const exec = promisify(execFile);
/** A job settles in about a second (a device nobody answers: its 4 s grace); on a busy machine far later. Only a hang reaches this. */
const EVENT_TIMEOUT_MS = 4 * 60_000;
/** Longer than EVENT_TIMEOUT_MS, so a missing event fails with the events seen rather than a bare timeout. */
const TEST_TIMEOUT_MS = 5 * 60_000;

let cups: PrivateCups;
let backend: CupsBackend;
let work: string;
let refCounter = 0;
const open: { store: StationStore; service: PrintService }[] = [];

interface Bench {
  readonly store: StationStore;
  readonly service: PrintService;
  readonly events: PrintEvent[];
  /** Resolves with the first event (past or future) that matches. */
  readonly waitFor: (match: (event: PrintEvent) => boolean) => Promise<PrintEvent>;
}

interface BenchOptions {
  readonly timers?: Timers;
  readonly pollMs?: number;
  readonly printerPollMs?: number;
  readonly onPrinterBack?: () => void;
}

async function bench(configure: (store: StationStore) => void = () => undefined, options: BenchOptions = {}): Promise<Bench> {
  const folder = await mkdtemp(path.join(work, 'store-'));
  const store = openStationStore(path.join(folder, 'station.db'));
  configure(store);
  const events: PrintEvent[] = [];
  const waiters: { match: (e: PrintEvent) => boolean; resolve: (e: PrintEvent) => void }[] = [];
  // Constructed from the store, the spooler and the clock alone: there is no service client to pass.
  const service = new PrintService({
    db: store.db,
    backend,
    timers: realTimers,
    ...options,
    onEvent: (event) => {
      if (event.type !== 'printJob') return;
      events.push(event);
      for (const waiter of waiters.filter((w) => w.match(event))) waiter.resolve(event);
    },
  });
  open.push({ store, service });
  const waitFor = (match: (event: PrintEvent) => boolean): Promise<PrintEvent> => {
    const seen = events.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching print event; saw ${JSON.stringify(events)}`)), EVENT_TIMEOUT_MS);
      waiters.push({ match, resolve: (e) => { clearTimeout(timer); resolve(e); } });
    });
  };
  return { store, service, events, waitFor };
}

async function labelPdf(lines: string[], size: [number, number] = [288, 432]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage(size);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((text, i) => page.drawText(text, { x: 20, y: size[1] - 40 - i * 24, size: 14, font }));
  return pdf.save();
}

/** A shipment with one label per PDF, handed off for printing; returns its ref and label ids. */
function shipLabels(store: StationStore, labels: readonly Uint8Array[], extra: documents.DocumentInput[] = []): { ref: string; ids: number[]; jobs: PrintJob[] } {
  refCounter += 1;
  const ref = `PB-DESK1-PRINT${String(refCounter)}`;
  const now = realTimers.now();
  shipments.insertQueuedShipment(store.db, { stationRef: ref, input: shipment({}, new Date(now)), now });
  const ids = documents.saveDocuments(
    store.db,
    ref,
    [...labels.map((bytes, i) => ({ type: 'Label', mime: 'application/pdf', packageIndex: i, bytes })), ...extra],
    now,
  );
  return { ref, ids, jobs: printJobs.handOffForPrinting(store.db, ref, now) };
}

async function pageSizes(file: string): Promise<string[]> {
  const { stdout } = await exec('pdfinfo', ['-f', '1', '-l', '999', file]);
  return [...stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/gm)].map((m) => m[1] ?? '');
}

async function pageText(file: string, page: number): Promise<string> {
  const { stdout } = await exec('pdftotext', ['-f', String(page), '-l', String(page), file, '-']);
  return stdout;
}

function statesOf(store: StationStore, ids: readonly number[]): string[] {
  return ids.map((id) => printJobs.getPrintJob(store.db, id)?.state ?? 'missing');
}

const involves = (ids: readonly number[]) => (event: PrintEvent): boolean => ids.some((id) => event.ids.includes(id));
const settled = (ids: readonly number[]) => (event: PrintEvent): boolean => involves(ids)(event) && event.state !== 'sent';

beforeAll(async () => {
  cups = await startPrivateCups();
  backend = new CupsBackend({ env: cups.env });
  work = await mkdtemp(path.join(os.tmpdir(), 'packbench-print-service-'));
});

afterEach(async () => {
  for (const { store, service } of open.splice(0)) {
    await service.stop();
    store.close();
  }
});

afterAll(async () => {
  await cups?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('PrintService against a private cupsd', { timeout: TEST_TIMEOUT_MS }, () => {
  it("prints a 3-package shipment's labels as one 4x6 job, in package order, on the system default printer", async () => {
    const b = await bench();
    const tracking = ['1Z999AA10000000011', '1Z999AA10000000022', '1Z999AA10000000033'];
    const { jobs } = shipLabels(b.store, await Promise.all(tracking.map((t) => labelPdf([`TRACKING: ${t}`]))));
    const ids = jobs.map((j) => j.id);
    b.service.watch();
    const sent = await b.service.printQueued();
    expect(sent.map((j) => j.state)).toEqual(['sent', 'sent', 'sent']);
    expect(new Set(sent.map((j) => j.cupsJobId)).size).toBe(1);
    expect(sent[0]?.cupsJobId).toMatch(/^label4x6-\d+$/);
    // The jobs named no printer (the default took them); the history says which one that was.
    expect(sent.map((j) => [j.printer, j.targetPrinter])).toEqual(ids.map(() => [null, cups.queues.label4x6]));
    const done = await b.waitFor(settled(ids));
    expect(done).toMatchObject({ state: 'completed', printer: cups.queues.label4x6 });
    expect(done.ids).toEqual(ids);
    expect(statesOf(b.store, ids)).toEqual(['completed', 'completed', 'completed']);
    const output = cups.outputFileOf(cups.queues.label4x6);
    expect(await pageSizes(output)).toEqual(['288 x 432', '288 x 432', '288 x 432']);
    for (const [i, t] of tracking.entries()) expect(await pageText(output, i + 1)).toContain(t);
  });

  it('fits a Letter-size label and a landscape label onto 4x6 pages', async () => {
    const b = await bench((s) => settings.setSetting(s.db, 'labelPrinter', cups.queues.label4x6));
    const letter = await labelPdf(['TRACKING: LETTER0001'], [612, 792]);
    const landscape = await labelPdf(['TRACKING: LANDSCAPE0002'], [432, 288]);
    const { jobs } = shipLabels(b.store, [letter, landscape]);
    const ids = jobs.map((j) => j.id);
    b.service.watch();
    await b.service.printQueued();
    expect(await b.waitFor(settled(ids))).toMatchObject({ state: 'completed' });
    const output = cups.outputFileOf(cups.queues.label4x6);
    expect(await pageSizes(output)).toEqual(['288 x 432', '288 x 432']);
    expect(await pageText(output, 1)).toContain('LETTER0001');
    expect(await pageText(output, 2)).toContain('LANDSCAPE0002');
    expect(statesOf(b.store, ids)).toEqual(['completed', 'completed']);
  });

  describe('reports each failure with its own message, and never marks the rows completed', () => {
    const cases: { name: string; printer: () => string; accepted: boolean; message: (printer: string) => RegExp }[] = [
      { name: 'a printer that is not installed', printer: () => 'no_such_printer', accepted: false, message: (p) => new RegExp(`^Printer ${p} is not installed: choose another label printer on the Printers screen$`) },
      { name: 'a queue that rejects jobs', printer: () => cups.queues.rejecting, accepted: false, message: (p) => new RegExp(`^Printer ${p} is not accepting jobs: let it accept jobs in the computer's printer settings, or choose another on the Printers screen$`) },
      { name: 'a paused queue', printer: () => cups.queues.stopped, accepted: true, message: (p) => new RegExp(`^Printer ${p} is paused \\(out of labels\\): resume it, then reprint$`) },
      { name: 'a device nobody answers', printer: () => cups.queues.dead, accepted: true, message: (p) => new RegExp(`^Printer ${p} cannot be reached \\(.*may not exist or is unavailable.*\\): check its power and cable, then reprint$`) },
    ];
    for (const { name, printer, accepted, message } of cases) {
      it(name, async () => {
        const queue = printer();
        const b = await bench((s) => settings.setSetting(s.db, 'labelPrinter', queue));
        const { jobs } = shipLabels(b.store, [await labelPdf(['TRACKING: FAIL0001']), await labelPdf(['TRACKING: FAIL0002'])]);
        const ids = jobs.map((j) => j.id);
        const started = realTimers.now();
        // Sent before the service has looked at the printers: it cannot know the queue is paused
        // (a printer paused since the last look), so the job goes out and is judged.
        await b.service.printQueued();
        b.service.watch();
        const failure = await b.waitFor(settled(ids));
        const elapsed = realTimers.now() - started;
        console.info(`${name}: reported after ${String(elapsed)} ms`);
        expect(failure.state).toBe('failed');
        expect(failure.message).toMatch(message(queue));
        expect(statesOf(b.store, ids)).toEqual(['failed', 'failed']);
        expect(ids.map((id) => printJobs.getPrintJob(b.store.db, id)?.error)).toEqual([failure.message, failure.message]);
        expect(b.events.some((e) => involves(ids)(e) && e.state === 'completed')).toBe(false);
        const cupsJobId = printJobs.getPrintJob(b.store.db, ids[0] ?? -1)?.cupsJobId ?? null;
        expect(cupsJobId !== null).toBe(accepted);
        if (accepted) {
          // Told to reprint, the desk must not get the old job too when the printer comes back.
          expect((await backend.jobStatus(queue, cupsJobId ?? '')).state).toBe('canceled');
        }
      });
    }
  });

  it('fails a corrupt stored label with the document check message and still prints the others', async () => {
    const b = await bench();
    const good = await labelPdf(['TRACKING: GOOD0001']);
    const corrupt = good.slice(0, Math.floor(good.length / 2));
    const { ids: docIds, jobs } = shipLabels(b.store, [corrupt, good]);
    const [badRow, goodRow] = jobs.map((j) => j.id);
    const stored = documents.getDocument(b.store.db, docIds[0] ?? -1);
    if (stored === undefined || badRow === undefined || goodRow === undefined) throw new Error('setup failed');
    const expected: unknown = await checkPdf(stored.bytes, describeDocument(stored)).then(() => undefined, (e: unknown) => e);
    expect(expected).toBeInstanceOf(DocumentError);
    b.service.watch();
    await b.service.printQueued();
    expect(printJobs.getPrintJob(b.store.db, badRow)).toMatchObject({ state: 'failed', error: (expected as DocumentError).message, cupsJobId: null });
    expect(await b.waitFor(settled([goodRow]))).toMatchObject({ state: 'completed', ids: [goodRow] });
    const output = cups.outputFileOf(cups.queues.label4x6);
    expect(await pageSizes(output)).toEqual(['288 x 432']);
    expect(await pageText(output, 1)).toContain('GOOD0001');
  });

  it('reprints a stored label as a new job that completes, and lists it in the history', async () => {
    const b = await bench();
    const { ref, ids: docIds, jobs } = shipLabels(b.store, [await labelPdf(['TRACKING: REPRINT0001'])]);
    b.service.watch();
    await b.service.printQueued();
    await b.waitFor(settled(jobs.map((j) => j.id)));
    const reprint = await b.service.reprint(docIds[0] ?? -1, { copies: 1 });
    expect(reprint).toMatchObject({ purpose: 'reprint', state: 'sent' });
    expect(reprint.cupsJobId).not.toBe(printJobs.getPrintJob(b.store.db, jobs[0]?.id ?? -1)?.cupsJobId);
    expect(await b.waitFor(settled([reprint.id]))).toMatchObject({ state: 'completed' });
    expect(b.service.history({ stationRef: ref }).map((j) => [j.id, j.purpose, j.state])).toEqual([
      [reprint.id, 'reprint', 'completed'],
      [jobs[0]?.id, 'auto', 'completed'],
    ]);
    expect(await pageText(cups.outputFileOf(cups.queues.label4x6), 1)).toContain('REPRINT0001');
  });

  it('sends other document types to the document printer', async () => {
    const b = await bench((s) => {
      settings.setSetting(s.db, 'documentPrinter', cups.queues.ippEverywhere);
      settings.setSetting(s.db, 'printerMedia', { [cups.queues.ippEverywhere]: '4x6' });
    });
    const invoice = await labelPdf(['COMMERCIAL INVOICE'], [612, 792]);
    const { ids: docIds } = shipLabels(b.store, [await labelPdf(['TRACKING: DOC0001'])], [{ type: 'CommercialInvoice', mime: 'application/pdf', bytes: invoice }]);
    b.service.watch();
    const reprint = await b.service.reprint(docIds[1] ?? -1);
    expect(reprint.cupsJobId).toMatch(new RegExp(`^${cups.queues.ippEverywhere}-\\d+$`));
    expect(await b.waitFor(settled([reprint.id]))).toMatchObject({ state: 'completed', printer: cups.queues.ippEverywhere });
  });

  it('prints a test page at the printer media, watched like any job', async () => {
    const b = await bench();
    b.service.watch();
    const { jobId } = await b.service.testPage(cups.queues.label4x6);
    expect(await b.waitFor((e) => e.testPage === true && e.jobId === jobId && e.state !== 'sent')).toMatchObject({ state: 'completed', ids: [] });
    const output = cups.outputFileOf(cups.queues.label4x6);
    expect(await pageSizes(output)).toEqual(['288 x 432']);
    const text = await pageText(output, 1);
    expect(text).toContain('Packbench test page');
    expect(text).toContain(`Printer: ${cups.queues.label4x6}`);
    expect(text).toContain('Media: 4x6');
  });
});

describe('a printer paused before the label is printed', { timeout: TEST_TIMEOUT_MS }, () => {
  it('keeps the label back while the printer is paused, says why, and prints it once when the printer is resumed', async () => {
    const queue = 'resumable';
    const cupsTool = (tool: string, args: string[]) => exec(tool, args, { env: cups.env });
    await cupsTool('lpadmin', ['-p', queue, '-E', '-v', 'file:///dev/null']);
    await cupsTool('cupsdisable', ['-r', 'cover open', queue]);
    let back = 0;
    const b: Bench = await bench((s) => settings.setSetting(s.db, 'labelPrinter', queue), {
      // As the station does: print what is queued once the printer is back.
      onPrinterBack: () => {
        back += 1;
        void b.service.printQueued();
      },
    });
    await b.service.checkPrinters();
    const { ids } = shipLabels(b.store, [await labelPdf(['TRACKING: HELD0001'])]);
    b.service.watch();
    await b.service.printQueued();
    const held = await b.waitFor((e) => involves(ids)(e) && e.state === 'held');
    expect(held.message).toBe(`Printer ${queue} is paused (cover open): it prints when the printer is resumed`);
    expect(statesOf(b.store, ids)).toEqual(['queued']);
    expect(printJobs.getPrintJob(b.store.db, ids[0] ?? -1)?.cupsJobId).toBeNull();
    // The store says so too, for a screen that reads the job after the event.
    expect(printJobs.getPrintJob(b.store.db, ids[0] ?? -1)).toMatchObject({ heldBecause: held.message, targetPrinter: queue });

    await cupsTool('cupsenable', [queue]);
    expect(await b.waitFor((e) => involves(ids)(e) && e.state === 'completed')).toMatchObject({ printer: queue });
    expect(back).toBe(1);
    expect(statesOf(b.store, ids)).toEqual(['completed']);
    expect(printJobs.getPrintJob(b.store.db, ids[0] ?? -1)?.heldBecause).toBeNull();
    expect(b.events.filter((e) => involves(ids)(e) && e.state === 'sent')).toHaveLength(1);
    const { stdout } = await cupsTool('lpstat', ['-W', 'completed', '-o', queue]);
    expect(stdout.trim().split('\n').filter((line) => line.startsWith(`${queue}-`))).toHaveLength(1);
  });
});

describe('watching jobs out', { timeout: TEST_TIMEOUT_MS }, () => {
  it('asks the spooler about a job just sent after FIRST_POLL_MS of its age, not at the next slow poll', async () => {
    // Time stands still for the service unless the test moves it; CUPS prints in real time.
    const clock = new VirtualClock();
    const minute = 60_000;
    const { store, service, waitFor } = await bench(undefined, { timers: clock, pollMs: minute, printerPollMs: minute });
    const asleep = { timeout: EVENT_TIMEOUT_MS, interval: 20 };
    service.watch();
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(1), asleep); // the loop's slow wait
    const { ids } = shipLabels(store, [await labelPdf(['WATCHED'])]);
    const [sent] = await service.printQueued();
    // Sending woke the loop, which looked once and now waits a short while, not a minute.
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(1), asleep);
    await vi.waitFor(async () => expect((await backend.jobStatus(cups.queues.label4x6, sent?.cupsJobId ?? '')).state).toBe('completed'), asleep);
    await clock.advance(FIRST_POLL_MS);
    expect(await waitFor(settled(ids))).toMatchObject({ state: 'completed' });
    expect(clock.elapsed).toBe(FIRST_POLL_MS);
  });
});

describe('judging a job the spooler reports', () => {
  it('counts only completed as printed', () => {
    expect(judgeJob('P', { jobId: 'P-1', state: 'completed' }, 100)).toEqual({ outcome: 'completed' });
    for (const state of ['pending', 'held', 'processing'] as const) {
      expect(judgeJob('P', { jobId: 'P-1', state }, 100)).toEqual({ outcome: 'waiting' });
    }
    expect(judgeJob('P', { jobId: 'P-1', state: 'unknown', reason: 'finished; ipptool is needed' }, 100)).toMatchObject({ outcome: 'failed' });
  });

  it('names an aborted job, and a job that is still not printed at the deadline', () => {
    expect(judgeJob('P', { jobId: 'P-1', state: 'aborted', reason: 'job-aborted-by-system: filter failed' }, 100)).toEqual({
      outcome: 'failed',
      message: 'The printer aborted the job (aborted: filter failed): reprint it',
    });
    expect(judgeJob('P', { jobId: 'P-1', state: 'processing' }, GIVE_UP_MS)).toEqual({
      outcome: 'failed',
      message: `Printer P cannot be reached (not printed after ${String(GIVE_UP_MS / 1000)} s): check its power and cable, then reprint`,
    });
  });
});
