/**
 * The printers as the spooler last reported them: the desk is told (`printerState`) when any was
 * added, removed or changed state, and what was held for a paused printer prints once it is back.
 */
import type { PrinterInfo, PrinterStateEvent } from '../api/printing';
import type { PrinterBackend } from '../platform/printers/backend';
import { holdFor, printerCameBack } from './printPolicy';

export class PrinterWatch {
  private last: readonly PrinterInfo[] | undefined;
  private lastText: string | undefined;
  private lastCheck = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly backend: PrinterBackend,
    private readonly everyMs: number,
    private readonly onEvent: (event: PrinterStateEvent) => void,
    private readonly onPrinterBack: () => void,
  ) {}

  /** Whether a look is due at `now`. */
  due(now: number): boolean {
    return now - this.lastCheck >= this.everyMs;
  }

  /** Looks at the printers once and says so when any changed. */
  async check(now: number): Promise<void> {
    this.lastCheck = now;
    let printers;
    try {
      printers = await this.backend.listPrinters();
    } catch {
      return; // Asked again at the next look; jobs say for themselves when a spooler is gone.
    }
    const seen = JSON.stringify(printers);
    if (seen === this.lastText) return;
    const before = this.last;
    this.lastText = seen;
    this.last = printers;
    this.onEvent({ type: 'printerState', printers });
    if (printerCameBack(before, printers)) this.onPrinterBack();
  }

  /** Why a job for `printer` waits instead of going out, from the printers as last seen. */
  holdFor(printer: string): string | undefined {
    return holdFor(printer, this.last);
  }
}
