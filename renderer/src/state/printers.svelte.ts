/**
 * The desk's printers as every screen needs them: the list with each printer's state (the PDF
 * folder among them), which one takes labels and which other documents, the media and copies of
 * each, and whether a label (or another document) can print now, with the real reason when not
 * (the print service down, no printer, none chosen…). Read at start and when the connection
 * changes; printer states arrive as `printerState` events, and what can print is read again
 * whenever the printers, the choices or a job's outcome may have changed it.
 */
import type { PrintSystem, PrinterInfo, PrinterSetup, RolePrinterStatus } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { PDF_FOLDER } from '../lib/format';
import type { StationClient } from '../lib/station';

export class PrintersState {
  #printers = $state<readonly PrinterInfo[]>([]);
  #setup = $state<PrinterSetup | undefined>();
  #system = $state<PrintSystem | undefined>();
  #problem = $state<string | undefined>();
  readonly #reload = coalesce(() => this.load());
  readonly #recheck = coalesce(() => this.#readSystem());

  constructor(private readonly station: StationClient) {}

  get printers(): readonly PrinterInfo[] {
    return this.#printers;
  }

  get setup(): PrinterSetup | undefined {
    return this.#setup;
  }

  /** The print service's state, and where each role's documents go and whether they can print. */
  get system(): PrintSystem | undefined {
    return this.#system;
  }

  /** Why the printers could not be read, when they could not. */
  get problem(): string | undefined {
    return this.#problem;
  }

  get label(): RolePrinterStatus | undefined {
    return this.#system?.label;
  }

  /** The printer labels go to: the one chosen, else the system's default. */
  get labelPrinterName(): string | undefined {
    return this.#system?.label.printer ?? this.#setup?.labelPrinter ?? this.#printers.find((p) => p.isDefault)?.name;
  }

  get labelPrinter(): PrinterInfo | undefined {
    const name = this.labelPrinterName;
    return name === undefined ? undefined : this.#printers.find((p) => p.name === name);
  }

  get documentPrinterName(): string | undefined {
    return this.#system?.document.printer ?? this.#setup?.documentPrinter ?? this.#printers.find((p) => p.isDefault)?.name;
  }

  async load(): Promise<void> {
    const [printers, setup, system] = await Promise.all([this.station.call('listPrinters', {}), this.station.call('getPrinterSetup', {}), this.station.call('getPrintSystem', {})]);
    if (printers.ok) this.#printers = printers.value;
    if (setup.ok) this.#setup = setup.value;
    if (system.ok) this.#system = system.value;
    this.#problem = !printers.ok ? printers.error.message : !setup.ok ? setup.error.message : !system.ok ? system.error.message : undefined;
  }

  async #readSystem(): Promise<void> {
    const system = await this.station.call('getPrintSystem', {});
    if (system.ok) this.#system = system.value;
  }

  /** Keeps a changed setup (the Printers screen's changes answer with it); what can print may have changed with it. */
  accept(setup: PrinterSetup): void {
    this.#setup = setup;
    void this.#recheck();
  }

  /**
   * Sends labels to the PDF folder, and other documents too when they cannot print where they go
   * now either: a desk with no printer can ship at once. Says where the files go. Throws the
   * station's error for the one handler.
   */
  async usePdfFolder(): Promise<string> {
    const documentsToo = this.#system?.document.problem !== null && this.#system?.document.problem !== undefined;
    const setup = await this.station.value('setPrinterMap', { labelPrinter: PDF_FOLDER, ...(documentsToo ? { documentPrinter: PDF_FOLDER } : {}) });
    this.accept(setup);
    return `${documentsToo ? 'Labels and other documents' : 'Labels'} now go to the PDF folder: ${setup.pdfFolder}`;
  }

  follow(): () => void {
    const stops = [
      this.station.on('printerState', (event) => {
        this.#printers = event.printers;
        void this.#recheck();
      }),
      // A job's outcome says whether its printer could be reached.
      this.station.on('printJob', (event) => {
        if (event.state === 'completed' || event.state === 'failed') void this.#recheck();
      }),
      this.station.on('connectionChanged', () => void this.#reload()),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
