/**
 * One shipment from the moment Ship is pressed: queued, sent, created (with its tracking number,
 * charges and label), refused (with the service's words for each field), or unsure after a lost
 * answer; and its label's print, as it happens: held, sent to the printer, printed, or why not.
 * Kept current from the station's events for this shipment alone.
 */
import type { OutboxError, PrintJob, ShipmentDetail, StationEvent } from '../../../electron/api';
import { plainRefusal, refusalMessages } from '../lib/errors';
import type { StationClient } from '../lib/station';

export type ShipmentStage = 'queued' | 'sending' | 'created' | 'refused' | 'unsure';
export type PrintStage = 'waiting' | 'held' | 'sent' | 'printed' | 'failed';

/** A document of the shipment besides its labels (a commercial invoice, a packing slip) and where its print stands. */
export interface OtherPrint {
  readonly documentId: number;
  /** The service's or the station's document type: CommercialInvoice, PackingSlip… */
  readonly type: string;
  readonly state: PrintJob['state'];
  readonly message: string | undefined;
  readonly printer: string | undefined;
}

/** How often a shipment still on its way is read again, in case an event was missed. */
const BACKSTOP_READ_MS = 5_000;

export class ShipmentProgress {
  #stationRef = $state<string | undefined>();
  #outboxId = $state<number | undefined>();
  #stage = $state<ShipmentStage>('queued');
  #detail = $state<ShipmentDetail | undefined>();
  #refusal = $state<OutboxError | null>(null);
  #print = $state<PrintStage>('waiting');
  #printMessage = $state<string | undefined>();
  #printer = $state<string | undefined>();
  #jobIds: readonly number[] = [];
  #otherPrints = $state<readonly OtherPrint[]>([]);
  #otherJobIds: readonly number[] = [];
  #stop: (() => void) | undefined;
  /**
   * Events seen for this shipment's outbox item and for its print jobs. A read of the shipment
   * that was asked for before an event answers what stood before it, so it must not undo it.
   */
  #outboxEvents = 0;
  #printEvents = 0;
  /** Reads asked for, and the latest one applied: an answer older than one applied is dropped. */
  #readsAsked = 0;
  #readApplied = 0;
  #backstop: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly station: StationClient,
    /** Whether labels print by themselves: a queued label is then about to print, not held. */
    private readonly autoPrint: () => boolean,
  ) {}

  get stationRef(): string | undefined {
    return this.#stationRef;
  }
  get outboxId(): number | undefined {
    return this.#outboxId;
  }
  get stage(): ShipmentStage {
    return this.#stage;
  }
  get detail(): ShipmentDetail | undefined {
    return this.#detail;
  }
  get refusal(): OutboxError | null {
    return this.#refusal;
  }
  /** What the service said about each field, for the form. */
  get refusedFields(): Record<string, string> {
    return refusalMessages(this.#refusal);
  }
  get print(): PrintStage {
    return this.#print;
  }
  get printMessage(): string | undefined {
    return this.#printMessage;
  }
  get printer(): string | undefined {
    return this.#printer;
  }
  get trackingNumber(): string | undefined {
    return this.#detail?.shipment.trackingNumber ?? undefined;
  }
  /** The shipment's other documents (not labels) and their prints, newest print of each. */
  get otherPrints(): readonly OtherPrint[] {
    return this.#otherPrints;
  }
  /** The first label kept for this shipment, for the preview. */
  get labelDocumentId(): number | undefined {
    return this.#detail?.documents.find((doc) => doc.type === 'Label')?.documentId;
  }

  /** Follows a shipment the station just queued (or answered again for a repeated key). */
  follow(stationRef: string, outboxId: number): void {
    this.forget();
    this.#stationRef = stationRef;
    this.#outboxId = outboxId;
    this.#stage = 'queued';
    this.#print = 'waiting';
    this.#stop = this.station.onAny((event) => this.#on(event));
    // The shipment may have moved on before the events were followed (a repeated key): read it.
    void this.#refresh();
    // Events are how the page hears of progress; an event lost while the page's event stream
    // reconnected would leave the packer looking at a stale state, so an unsettled shipment is
    // also read again now and then.
    this.#backstop = setInterval(() => {
      if (!this.#settled()) void this.#refresh();
    }, BACKSTOP_READ_MS);
  }

  /** Stops following and forgets the shipment (Next order). */
  forget(): void {
    this.#stop?.();
    this.#stop = undefined;
    clearInterval(this.#backstop);
    this.#backstop = undefined;
    this.#stationRef = undefined;
    this.#outboxId = undefined;
    this.#detail = undefined;
    this.#refusal = null;
    this.#print = 'waiting';
    this.#printMessage = undefined;
    this.#printer = undefined;
    this.#jobIds = [];
    this.#otherPrints = [];
    this.#otherJobIds = [];
  }

  /** The shipment was corrected and sent again: it is queued anew. */
  resubmitted(): void {
    this.#stage = 'queued';
    this.#refusal = null;
  }

  #on(event: StationEvent): void {
    const ref = this.#stationRef;
    if (ref === undefined) return;
    if (event.type === 'outboxItem' && event.stationRef === ref && event.kind === 'createShipment') {
      this.#outboxEvents += 1;
      this.#stageOf(event.state);
      if (event.state === 'done' || event.state === 'failed' || event.state === 'needs_review') void this.#refresh();
    } else if (event.type === 'labelsReady' && event.stationRef === ref) {
      this.#jobIds = event.printJobIds;
      void this.#refresh();
    } else if (event.type === 'printJob' && event.ids.some((id) => this.#jobIds.includes(id))) {
      this.#printEvents += 1;
      this.#print = event.state === 'completed' ? 'printed' : event.state;
      this.#printMessage = event.message;
      this.#printer = event.printer ?? this.#printer;
    } else if (event.type === 'printJob' && event.ids.some((id) => this.#otherJobIds.includes(id))) {
      void this.#refresh();
    } else if (event.type === 'printJob' && event.ids.length > 0 && !this.#settled()) {
      // Jobs this page has not learned yet: the station can print a label before the reply that
      // names the shipment reaches the page. A read that started earlier would be older than this
      // event, so it must not set the print state; a fresh read does.
      this.#printEvents += 1;
      void this.#refresh();
    }
  }

  /** Nothing more will happen without a person: refused, or created with its label and its other documents printed, failed or held. */
  #settled(): boolean {
    if (this.#stage === 'refused') return true;
    // A document waits as its label does: held labels hold their slips too.
    const documentsDone = this.#print === 'held' || this.#otherPrints.every((doc) => doc.state === 'completed' || doc.state === 'failed' || (doc.state === 'queued' && doc.message !== undefined));
    return this.#stage === 'created' && (this.#print === 'printed' || this.#print === 'failed' || this.#print === 'held') && documentsDone;
  }

  #stageOf(state: string): void {
    if (state === 'sending') this.#stage = 'sending';
    else if (state === 'done') this.#stage = 'created';
    else if (state === 'failed') this.#stage = 'refused';
    else if (state === 'unknown' || state === 'needs_review') this.#stage = 'unsure';
    else this.#stage = 'queued';
  }

  async #refresh(): Promise<void> {
    const ref = this.#stationRef;
    if (ref === undefined) return;
    const outboxEventsBefore = this.#outboxEvents;
    const printEventsBefore = this.#printEvents;
    const read = ++this.#readsAsked;
    const result = await this.station.call('getShipment', { stationRef: ref });
    if (!result.ok || this.#stationRef !== ref || read < this.#readApplied) return;
    this.#readApplied = read;
    const detail = result.value;
    this.#detail = detail;
    const create = detail.outbox.find((item) => item.kind === 'createShipment');
    if (create !== undefined && this.#outboxEvents === outboxEventsBefore) {
      this.#stageOf(create.state);
      // Shown as it is by the result and the form: in the screen's words, not the service's paths.
      this.#refusal = create.state === 'failed' ? plainRefusal(create.lastError) : null;
    }
    this.#otherPrints = detail.documents
      .filter((doc) => doc.type !== 'Label')
      .flatMap((doc) => {
        // Jobs come newest first: the first of a document says where its printing stands.
        const job = detail.printJobs.find((each) => each.documentId === doc.documentId);
        return job === undefined ? [] : [{ documentId: doc.documentId, type: doc.type, state: job.state, message: job.heldBecause ?? job.error ?? undefined, printer: job.targetPrinter ?? undefined }];
      });
    this.#otherJobIds = detail.printJobs.filter((job) => this.#otherPrints.some((other) => other.documentId === job.documentId)).map((job) => job.id);
    const labelJobs = detail.printJobs.filter((job) => detail.documents.some((doc) => doc.documentId === job.documentId && doc.type === 'Label'));
    if (labelJobs.length > 0) {
      this.#jobIds = [...this.#jobIds, ...labelJobs.map((job) => job.id).filter((id) => !this.#jobIds.includes(id))];
      if (this.#printEvents !== printEventsBefore) return;
      // The newest job of the labels says where printing stands (a reprint after a failure wins).
      const newest = labelJobs.reduce((a, b) => (a.id > b.id ? a : b));
      // A job kept back from a paused printer says why (`heldBecause`): the store writes it before
      // the station tells of the hold, and a read asked before that event is not applied.
      const waiting = newest.heldBecause === null && this.autoPrint();
      this.#print = newest.state === 'completed' ? 'printed' : newest.state === 'queued' ? (waiting ? 'waiting' : 'held') : newest.state;
      this.#printMessage = newest.heldBecause ?? newest.error ?? undefined;
      this.#printer = newest.targetPrinter ?? this.#printer;
    }
  }
}
