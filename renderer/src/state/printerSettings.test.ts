/**
 * The Printers screen's state: each change handed to the desk's printers (or, refused, the
 * station's own setup shown again), test pages followed to their outcome, the print history with
 * the order and printer of each job, and the labels held while automatic printing is off.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PrintJob } from '../../../electron/api';
import { FakeStation, refusal, settled } from '../testing/fakeStation';
import { printJob, printSystem, printer, printerSetup, shipmentDetail, storedDocument } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { HISTORY_LIMIT, PrinterSettingsState } from './printerSettings.svelte';
import { PrintersState } from './printers.svelte';

function desk(history: PrintJob[] = []) {
  const station = new FakeStation()
    .answer('listPrinters', () => [printer('Zebra'), printer('Office Laser', { isDefault: true })])
    .answer('getPrinterSetup', () => printerSetup())
    .answer('getPrintSystem', () => printSystem())
    .answer('printHistory', () => history)
    .answer('getShipment', ({ stationRef }) =>
      shipmentDetail({ stationRef, orderNumber: 'SO-1', trackingNumber: '1Z1' }, { documents: [storedDocument({ documentId: 1, stationRef }), storedDocument({ documentId: 2, stationRef, type: 'CommercialInvoice', packageIndex: null })] }),
    )
    .answer('setPrinterMap', (input) => printerSetup({ labelPrinter: input.labelPrinter ?? null }))
    .answer('setPrinterCopies', ({ printer: name, copies }) => printerSetup({ printerCopies: { [name]: copies ?? 1 } }));
  const printers = new PrintersState(station);
  return { station, printers, settings: new PrinterSettingsState(station, printers) };
}

describe('printer settings', () => {
  it('a change is handed to the desk’s printers and said; a refused one is said and the station’s setup read again', async () => {
    const { station, printers, settings } = desk();
    expect(await settings.setLabelPrinter('Zebra')).toBe(true);
    expect(printers.setup?.labelPrinter).toBe('Zebra');
    expect(settings.notice).toBe('Labels print on Zebra');
    expect(await settings.setCopies('Zebra', 2)).toBe(true);
    expect(settings.notice).toBe('Zebra prints 2 copies of each automatic print');

    station.answer('setPrinterMedia', () => {
      throw refusal('printer', 'Zebra cannot take A4');
    });
    const toasts = watchToasts();
    const setups = station.inputsOf('getPrinterSetup').length;
    const saving = settings.setMedia('Zebra', 'A4');
    expect(settings.isSaving('media:Zebra')).toBe(true);
    expect(await saving).toBe(false);
    expect(settings.isSaving('media:Zebra')).toBe(false);
    expect(toasts).toEqual(['Zebra cannot take A4. Check the printer on the Printers screen.']);
    expect(station.inputsOf('getPrinterSetup').length).toBe(setups + 1);
  });

  it('a PDF folder the station cannot use comes back as the words for the folder field, not a toast', async () => {
    const { station, settings } = desk();
    station.answer('setPdfFolder', () => {
      throw refusal('invalidInput', 'the folder was not taken', [{ field: 'folder', message: 'cannot be written: permission denied' }]);
    });
    const toasts = watchToasts();
    expect(await settings.setPdfFolder('/root')).toBe('cannot be written: permission denied');
    expect(toasts).toEqual([]);
    station.answer('setPdfFolder', ({ folder }) => printerSetup({ pdfFolder: folder ?? '', pdfFolderIsDefault: false }));
    expect(await settings.setPdfFolder('/srv/labels')).toBeUndefined();
    expect(settings.notice).toBe('The PDF folder saves into /srv/labels');
  });

  it('a test page is followed to its outcome; another page’s events and a hold do not change it; a refusal says why', async () => {
    const { station, settings } = desk();
    settings.follow();
    station.answer('printTestPage', () => ({ jobId: 'Zebra-41' }));
    await settings.printTestPage('Zebra');
    expect(settings.testPage('Zebra')).toEqual({ stage: 'sent', jobId: 'Zebra-41' });
    station.emit({ type: 'printJob', ids: [], state: 'completed', testPage: true, printer: 'Zebra', jobId: 'Zebra-40' });
    station.emit({ type: 'printJob', ids: [], state: 'held', testPage: true, printer: 'Zebra', jobId: 'Zebra-41' });
    expect(settings.testPage('Zebra')?.stage).toBe('sent');
    station.emit({ type: 'printJob', ids: [], state: 'failed', testPage: true, printer: 'Zebra', jobId: 'Zebra-41', message: 'the printer is out of labels' });
    expect(settings.testPage('Zebra')).toEqual({ stage: 'failed', jobId: 'Zebra-41', message: 'the printer is out of labels' });

    station.answer('printTestPage', () => {
      throw refusal('printer', 'Office Laser is not accepting jobs');
    });
    await settings.printTestPage('Office Laser');
    expect(settings.testPage('Office Laser')).toEqual({ stage: 'failed', message: 'Office Laser is not accepting jobs. Check the printer on the Printers screen.' });
  });

  it('the history names each job’s order and printer, reads each shipment once, and counts what is held', async () => {
    const history = [
      printJob({ id: 3, documentId: 1, state: 'queued', targetPrinter: null }),
      printJob({ id: 2, documentId: 2, state: 'queued', targetPrinter: null }),
      printJob({ id: 1, documentId: 1, targetPrinter: 'Zebra' }),
    ];
    const { station, settings } = desk(history);
    await settings.loadHistory();
    expect(station.inputsOf('printHistory')).toEqual([{ limit: HISTORY_LIMIT }]);
    await vi.waitFor(() => expect(settings.shipmentOf(history[0] as PrintJob)?.orderNumber).toBe('SO-1'));
    expect(settings.held).toBe(2);
    expect(settings.printerOf(history[0] as PrintJob)).toBe('The label printer');
    expect(settings.printerOf(history[1] as PrintJob)).toBe('The document printer');
    expect(settings.printerOf(history[2] as PrintJob)).toBe('Zebra');

    settings.follow();
    station.emit({ type: 'printJob', ids: [3], state: 'held', printer: 'Zebra (paused)' });
    expect(settings.printerOf(history[0] as PrintJob)).toBe('Zebra (paused)');
    await settled();
    expect(station.inputsOf('getShipment')).toHaveLength(1);
  });

  it('releasing held labels says how many print, and the history is read again', async () => {
    const { station, settings } = desk();
    station.answer('releaseHeldPrintJobs', () => [printJob({ id: 1 }), printJob({ id: 2 })]);
    await settings.releaseHeld();
    expect(settings.notice).toBe('Printing 2 held documents');
    expect(settings.releasing).toBe(false);
    expect(station.inputsOf('printHistory')).toHaveLength(1);
    station.answer('printHistory', () => {
      throw refusal('internal', 'the history table is locked');
    });
    await settings.loadHistory();
    expect(settings.notice).toBe('The print history could not be read: the history table is locked');
  });
});
