/**
 * The Printers screen's state: changes to which printer takes what, and to each printer's media,
 * copies and language (each handed to the desk's PrintersState, so the header follows); test pages and
 * how each came out; the print history, read again as print jobs move; the labels held while
 * automatic printing is off, released with one action.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { MediaConfig, MediaName, PrintJob, PrinterLanguageConfig, PrinterSetup } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError, words } from '../lib/errors';
import type { StationClient } from '../lib/station';
import type { PrintersState } from './printers.svelte';

/** The newest print jobs the history shows. */
export const HISTORY_LIMIT = 100;

export type TestPageStage = 'sending' | 'sent' | 'completed' | 'failed';

export interface TestPageOutcome {
  readonly stage: TestPageStage;
  readonly jobId?: string;
  readonly message?: string;
}

/** What a print job printed, read from its shipment: the order, and each document's type and package. */
export interface JobShipment {
  readonly orderNumber: string | null;
  readonly trackingNumber: string | null;
  readonly documents: readonly { readonly documentId: number; readonly type: string; readonly packageIndex: number | null }[];
}

export class PrinterSettingsState {
  #history = $state<readonly PrintJob[]>([]);
  #historyLoaded = $state(false);
  #notice = $state<string | undefined>();
  #releasing = $state(false);
  readonly #testPages = new SvelteMap<string, TestPageOutcome>();
  /** Settings being saved right now ("map", "media:<printer>", "longer:<printer>", "copies:<printer>", "language:<printer>"). */
  readonly #saving = new SvelteSet<string>();
  readonly #shipments = new SvelteMap<string, JobShipment | null>();
  /** The printer each job went to, as the spooler's events said (a job row names it only when one was asked for). */
  readonly #sentTo = new SvelteMap<number, string>();
  readonly #asking = new SvelteSet<string>();
  readonly #reload = coalesce(() => this.loadHistory());

  constructor(
    private readonly station: StationClient,
    private readonly printers: PrintersState,
  ) {}

  get history(): readonly PrintJob[] {
    return this.#history;
  }
  get historyLoaded(): boolean {
    return this.#historyLoaded;
  }
  /** Jobs waiting to be printed: held while automatic printing is off. */
  get held(): number {
    return this.#history.filter((job) => job.state === 'queued').length;
  }
  get releasing(): boolean {
    return this.#releasing;
  }
  /** What the last change did, in words. */
  get notice(): string | undefined {
    return this.#notice;
  }

  isSaving(key: string): boolean {
    return this.#saving.has(key);
  }

  testPage(printer: string): TestPageOutcome | undefined {
    return this.#testPages.get(printer);
  }

  /** The shipment a job's document belongs to, once it was read. */
  shipmentOf(job: PrintJob): JobShipment | undefined {
    return this.#shipments.get(job.stationRef) ?? undefined;
  }

  /** The printer a job went to (or is for): the store's, the one its events named (a held job), else its role's printer. */
  printerOf(job: PrintJob): string {
    const named = job.targetPrinter ?? this.#sentTo.get(job.id);
    if (named !== undefined) return named;
    const doc = this.shipmentOf(job)?.documents.find((each) => each.documentId === job.documentId);
    return doc === undefined ? 'The printer for its kind of document' : doc.type === 'Label' ? 'The label printer' : 'The document printer';
  }

  async loadHistory(): Promise<void> {
    const result = await this.station.call('printHistory', { limit: HISTORY_LIMIT });
    if (!result.ok) {
      this.#notice = `The print history could not be read: ${result.error.message}`;
      return;
    }
    this.#history = result.value;
    this.#historyLoaded = true;
    void this.#askShipments(result.value);
  }

  /** Each shipment of the history read once, to say which order and document a job printed. */
  async #askShipments(jobs: readonly PrintJob[]): Promise<void> {
    const refs = jobs.map((job) => job.stationRef).filter((ref, index, all) => all.indexOf(ref) === index);
    for (const ref of refs) {
      if (this.#shipments.has(ref) || this.#asking.has(ref)) continue;
      this.#asking.add(ref);
      const found = await this.station.call('getShipment', { stationRef: ref });
      this.#asking.delete(ref);
      this.#shipments.set(
        ref,
        found.ok
          ? {
              orderNumber: found.value.shipment.orderNumber,
              trackingNumber: found.value.shipment.trackingNumber,
              documents: found.value.documents.map((doc) => ({ documentId: doc.documentId, type: doc.type, packageIndex: doc.packageIndex })),
            }
          : null,
      );
    }
  }

  async #save(key: string, change: () => Promise<PrinterSetup>, done: string): Promise<boolean> {
    this.#saving.add(key);
    try {
      this.printers.accept(await change());
      this.#notice = done;
      return true;
    } catch (error) {
      handleError(error);
      // What the station keeps is shown again, not what was chosen.
      await this.printers.load();
      return false;
    } finally {
      this.#saving.delete(key);
    }
  }

  /** The printer labels go to; null is the system's default printer. */
  setLabelPrinter(printer: string | null): Promise<boolean> {
    return this.#save('map', () => this.station.value('setPrinterMap', { labelPrinter: printer }), `Labels print on ${printer ?? 'the system default printer'}`);
  }

  /** The printer commercial invoices, customs forms and other documents go to; null is the system's default. */
  setDocumentPrinter(printer: string | null): Promise<boolean> {
    return this.#save('map', () => this.station.value('setPrinterMap', { documentPrinter: printer }), `Other documents print on ${printer ?? 'the system default printer'}`);
  }

  /** The media loaded in a printer; null goes back to its role's default. */
  setMedia(printer: string, media: MediaName | null): Promise<boolean> {
    return this.#save(`media:${printer}`, () => this.station.value('setPrinterMedia', { printer, media }), `${printer} prints on ${media ?? 'the default media for what it prints'}`);
  }

  /**
   * A longer stock the printer can also print on, for labels longer than its media (4x8 for DHL's
   * 99x200 mm labels); null forgets it. The media loaded is sent as it stands.
   */
  setLongerMedia(printer: string, longer: MediaName | null, media: MediaConfig | null): Promise<boolean> {
    return this.#save(
      `longer:${printer}`,
      () => this.station.value('setPrinterMedia', { printer, media, longer }),
      longer === null ? `${printer} has no longer stock: long labels print scaled, and say so` : `${printer} prints labels longer than its media on ${longer}`,
    );
  }

  /** Copies of each automatic print on a printer (1 to 9). */
  setCopies(printer: string, copies: number): Promise<boolean> {
    return this.#save(`copies:${printer}`, () => this.station.value('setPrinterCopies', { printer, copies }), `${printer} prints ${copies} ${copies === 1 ? 'copy' : 'copies'} of each automatic print`);
  }

  /**
   * The folder the PDF folder saves into; null goes back to the default. A folder the station
   * cannot use comes back as the reason, for the field to show.
   */
  async setPdfFolder(folder: string | null): Promise<string | undefined> {
    this.#saving.add('pdfFolder');
    try {
      const setup = await this.station.value('setPdfFolder', { folder });
      this.printers.accept(setup);
      this.#notice = `The PDF folder saves into ${setup.pdfFolder}`;
      return undefined;
    } catch (error) {
      return handleError(error).folder;
    } finally {
      this.#saving.delete('pdfFolder');
    }
  }

  /** PDF through the printer's driver, or ZPL drawn at its resolution with its darkness and offset. */
  setLanguage(printer: string, config: PrinterLanguageConfig): Promise<boolean> {
    const done =
      config.language === 'PDF'
        ? `${printer} prints PDF through its driver`
        : `${printer} prints ZPL at ${String(config.dpi)} dpi, darkness ${String(config.darkness)}, moved ${String(config.offset.x)} dots right and ${String(config.offset.y)} down`;
    return this.#save(`language:${printer}`, () => this.station.value('setPrinterLanguage', { printer, ...config }), done);
  }

  async printTestPage(printer: string): Promise<void> {
    if (this.#testPages.get(printer)?.stage === 'sending') return;
    this.#testPages.set(printer, { stage: 'sending' });
    const result = await this.station.call('printTestPage', { printer });
    const now = this.#testPages.get(printer);
    if (!result.ok) {
      this.#testPages.set(printer, { stage: 'failed', message: words(result.error) });
      return;
    }
    // The spooler's events for this page may have come before the answer: what they said stands.
    this.#testPages.set(printer, now !== undefined && now.jobId === result.value.jobId ? now : { stage: 'sent', jobId: result.value.jobId });
  }

  /** Prints what automatic printing held (and any other job still waiting). */
  async releaseHeld(): Promise<void> {
    if (this.#releasing) return;
    this.#releasing = true;
    try {
      const jobs = await this.station.value('releaseHeldPrintJobs', {});
      this.#notice = jobs.length === 0 ? 'Nothing was held' : `Printing ${jobs.length} held ${jobs.length === 1 ? 'document' : 'documents'}`;
    } catch (error) {
      handleError(error);
    } finally {
      this.#releasing = false;
      await this.#reload();
    }
  }

  follow(): () => void {
    const stops = [
      this.station.on('printJob', (event) => {
        if (event.testPage === true) {
          const printer = event.printer;
          if (printer === undefined) return;
          const known = this.#testPages.get(printer);
          // Only the page asked for here: a later page's events are not an earlier page's.
          if (known?.jobId !== undefined && event.jobId !== undefined && known.jobId !== event.jobId) return;
          // A test page is sent even to a paused printer (it says so by failing): never held.
          if (event.state === 'held') return;
          this.#testPages.set(printer, { stage: event.state, ...(event.jobId === undefined ? {} : { jobId: event.jobId }), ...(event.message === undefined ? {} : { message: event.message }) });
          return;
        }
        if (event.printer !== undefined) for (const id of event.ids) this.#sentTo.set(id, event.printer);
        void this.#reload();
      }),
      this.station.on('labelsReady', () => void this.#reload()),
      this.station.on('connectionChanged', () => {
        this.#shipments.clear();
        this.#testPages.clear();
        void this.#reload();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
