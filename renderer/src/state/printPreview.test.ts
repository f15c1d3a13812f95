/** A document as it prints on a printer: the station's layout, why it cannot be shown, and an answer for a document no longer asked for dropped. */
import { describe, expect, it } from 'vitest';
import type { PrintPreview } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { PrintPreviewState } from './printPreview.svelte';

const preview = (documentId: number, printer: string): PrintPreview => ({ documentId, stationRef: 'PB-DESK1-0001', printer, base64: 'JVBERi0=', layout: { labels: [] } });

function desk() {
  const station = new FakeStation().answer('previewPrint', ({ documentId, printer }) => preview(documentId, printer ?? 'Zebra'));
  return { station, previewing: new PrintPreviewState(station) };
}

describe('a print preview', () => {
  it('is asked for the printer given, else the document’s role’s printer', async () => {
    const { station, previewing } = desk();
    expect((await previewing.load(5))?.printer).toBe('Zebra');
    await previewing.load(5, 'Office Laser');
    expect(station.inputsOf('previewPrint')).toEqual([{ documentId: 5 }, { documentId: 5, printer: 'Office Laser' }]);
    expect(previewing.preview?.printer).toBe('Office Laser');
  });

  it('keeps the answer for the document asked for last, whatever order the answers come in', async () => {
    const { station, previewing } = desk();
    const held = station.holdAnswers();
    const first = previewing.load(5);
    const second = previewing.load(6);
    held.release(1);
    held.release(0);
    expect(await second).toMatchObject({ documentId: 6 });
    expect(await first).toBeUndefined();
    expect(previewing.preview?.documentId).toBe(6);
  });

  it('says why a document cannot be laid out, and why it could not be drawn', async () => {
    const { station, previewing } = desk();
    await previewing.load(5);
    station.answer('previewPrint', () => {
      throw refusal('document', 'the label is not a PDF, PNG, GIF, JPEG or ZPL file');
    });
    expect(await previewing.load(7)).toBeUndefined();
    expect(previewing.preview).toBeUndefined();
    expect(previewing.problem).toBe('The label is not a PDF, PNG, GIF, JPEG or ZPL file.');
    previewing.drawingFailed(new Error('Invalid PDF structure.'));
    expect(previewing.problem).toBe('The label cannot be shown: Invalid PDF structure.');
  });
});
