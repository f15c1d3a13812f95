/** The file the PDF folder saved for a document: found in its print history, opened on asking, found again as its jobs complete. */
import { describe, expect, it, vi } from 'vitest';
import type { PrintJob } from '../../../electron/api';
import { PDF_FOLDER } from '../lib/format';
import { FakeStation, refusal } from '../testing/fakeStation';
import { printJob } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { SavedFileState } from './savedFile.svelte';

const REF = 'PB-DESK1-0001';
const saved = (id: number, file: string, fields: Partial<PrintJob> = {}) => printJob({ id, stationRef: REF, documentId: 5, targetPrinter: PDF_FOLDER, cupsJobId: `/home/desk/Packbench labels/${file}`, ...fields });

function desk(history: PrintJob[]) {
  let jobs = history;
  const station = new FakeStation().answer('printHistory', () => jobs).answer('openPrintedFile', () => ({ path: '/x' }));
  return { station, file: new SavedFileState(station, 5, REF), setHistory: (next: PrintJob[]) => (jobs = next) };
}

describe('a saved label file', () => {
  it('is the newest file the PDF folder completed for this document, its name as the folder shows it', async () => {
    const { station, file } = desk([
      saved(9, 'other.pdf', { documentId: 6 }),
      saved(8, 'failed.pdf', { state: 'failed' }),
      printJob({ id: 7, stationRef: REF, documentId: 5, targetPrinter: 'Zebra', cupsJobId: 'Zebra-12' }),
      saved(6, 'SO-1001%20label%202.pdf'),
      saved(5, 'older.pdf'),
    ]);
    await file.load();
    expect(station.inputsOf('printHistory')).toEqual([{ stationRef: REF }]);
    expect(file.fileName).toBe('SO-1001 label 2.pdf');
  });

  it('opens the file or shows it in its folder; what went wrong is said', async () => {
    const { station, file } = desk([saved(6, 'a.pdf')]);
    await file.open(false);
    expect(station.inputsOf('openPrintedFile')).toEqual([]);
    await file.load();
    await file.open(true);
    expect(station.inputsOf('openPrintedFile')).toEqual([{ printJobId: 6, reveal: true }]);
    station.answer('openPrintedFile', () => {
      throw refusal('notFound', 'the file was moved or deleted');
    });
    const toasts = watchToasts();
    await file.open(false);
    expect(toasts).toEqual(['The file was moved or deleted.']);
  });

  it('is found once the PDF folder completes a job, not for other printers’ jobs', async () => {
    const { station, file, setHistory } = desk([]);
    await file.load();
    expect(file.fileName).toBeUndefined();
    file.follow();
    setHistory([saved(6, 'a.pdf')]);
    station.emit({ type: 'printJob', ids: [6], state: 'completed', printer: 'Zebra' });
    expect(station.inputsOf('printHistory')).toHaveLength(1);
    station.emit({ type: 'printJob', ids: [6], state: 'completed', printer: PDF_FOLDER });
    await vi.waitFor(() => expect(file.fileName).toBe('a.pdf'));
  });
});
