/**
 * The desk's printers as every screen needs them: the list with each printer's state, which one
 * takes labels and which other documents, and the media and copies of each. Read at start and
 * when the connection changes; printer states arrive as `printerState` events.
 */
import type { PrinterInfo, PrinterSetup } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import type { StationClient } from '../lib/station';

export class PrintersState {
  #printers = $state<readonly PrinterInfo[]>([]);
  #setup = $state<PrinterSetup | undefined>();
  #problem = $state<string | undefined>();
  readonly #reload = coalesce(() => this.load());

  constructor(private readonly station: StationClient) {}

  get printers(): readonly PrinterInfo[] {
    return this.#printers;
  }

  get setup(): PrinterSetup | undefined {
    return this.#setup;
  }

  /** Why the printers could not be read, when they could not. */
  get problem(): string | undefined {
    return this.#problem;
  }

  /** The printer labels go to: the one chosen, else the system's default. */
  get labelPrinterName(): string | undefined {
    return this.#setup?.labelPrinter ?? this.#printers.find((p) => p.isDefault)?.name;
  }

  get labelPrinter(): PrinterInfo | undefined {
    const name = this.labelPrinterName;
    return name === undefined ? undefined : this.#printers.find((p) => p.name === name);
  }

  get documentPrinterName(): string | undefined {
    return this.#setup?.documentPrinter ?? this.#printers.find((p) => p.isDefault)?.name;
  }

  async load(): Promise<void> {
    const [printers, setup] = await Promise.all([this.station.call('listPrinters', {}), this.station.call('getPrinterSetup', {})]);
    if (printers.ok) this.#printers = printers.value;
    if (setup.ok) this.#setup = setup.value;
    this.#problem = !printers.ok ? printers.error.message : !setup.ok ? setup.error.message : undefined;
  }

  /** Keeps a changed setup (the Printers screen's changes answer with it). */
  accept(setup: PrinterSetup): void {
    this.#setup = setup;
  }

  follow(): () => void {
    const stops = [
      this.station.on('printerState', (event) => {
        this.#printers = event.printers;
      }),
      this.station.on('connectionChanged', () => void this.#reload()),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
