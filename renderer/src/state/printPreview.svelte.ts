/**
 * A stored document as it will print (or printed) on its printer: the pages the station lays out
 * for that printer and what it did to each label, read again for another document or printer. An
 * answer for a document or printer no longer asked for is dropped.
 */
import type { PrintPreview } from '../../../electron/api';
import { words } from '../lib/errors';
import type { StationClient } from '../lib/station';

export class PrintPreviewState {
  #preview = $state.raw<PrintPreview | undefined>();
  #problem = $state<string | undefined>();
  /** Which read the preview answers: a newer read's answer wins over an older one. */
  #asked = 0;

  constructor(private readonly station: StationClient) {}

  get preview(): PrintPreview | undefined {
    return this.#preview;
  }
  /** Why the document cannot be shown, in words. */
  get problem(): string | undefined {
    return this.#problem;
  }

  /**
   * Reads how `documentId` prints on `printer` (its role's printer when left out). The preview,
   * or undefined when the station could not lay it out (said in `problem`) or a newer read was
   * asked for meanwhile.
   */
  async load(documentId: number, printer?: string): Promise<PrintPreview | undefined> {
    const asked = ++this.#asked;
    this.#problem = undefined;
    const answer = await this.station.call('previewPrint', printer === undefined ? { documentId } : { documentId, printer });
    if (asked !== this.#asked) return undefined;
    if (!answer.ok) {
      this.#preview = undefined;
      this.#problem = words(answer.error);
      return undefined;
    }
    this.#preview = answer.value;
    return answer.value;
  }

  /** The pages could not be drawn from the PDF the station laid out. */
  drawingFailed(error: unknown): void {
    this.#problem = `The label cannot be shown: ${error instanceof Error ? error.message : String(error)}`;
  }
}
