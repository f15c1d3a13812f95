/**
 * The desk's printers: the list, the setup and whether a label can print, read together; the
 * printer labels go to; the PDF folder taken when nothing can print; kept current by the
 * station's printer and job events.
 */
import { describe, expect, it, vi } from 'vitest';
import { PDF_FOLDER } from '../lib/format';
import { StationCallError } from '../lib/station';
import { FakeStation, refusal } from '../testing/fakeStation';
import { printSystem, printer, printerSetup } from '../testing/records';
import { PrintersState } from './printers.svelte';

function desk() {
  const station = new FakeStation()
    .answer('listPrinters', () => [printer(PDF_FOLDER), printer('Office Laser', { isDefault: true }), printer('Zebra')])
    .answer('getPrinterSetup', () => printerSetup())
    .answer('getPrintSystem', () => printSystem({ label: { printer: null, chosen: false, problem: null } }));
  return { station, printers: new PrintersState(station) };
}

describe('the printers', () => {
  it('labels go to the printer chosen, else the system’s default', async () => {
    const { station, printers } = desk();
    await printers.load();
    expect(printers.labelPrinterName).toBe('Office Laser');
    expect(printers.labelPrinter?.isDefault).toBe(true);
    station.answer('getPrinterSetup', () => printerSetup({ labelPrinter: 'Zebra' }));
    await printers.load();
    expect(printers.labelPrinter?.name).toBe('Zebra');
    station.answer('getPrintSystem', () => printSystem({ label: { printer: PDF_FOLDER, chosen: true, problem: null } }));
    await printers.load();
    expect(printers.labelPrinterName).toBe(PDF_FOLDER);
  });

  it('keeps what could be read and says why the rest could not', async () => {
    const { station, printers } = desk();
    station.answer('getPrinterSetup', () => {
      throw refusal('internal', 'the setup could not be read');
    });
    await printers.load();
    expect(printers.printers.map((p) => p.name)).toEqual([PDF_FOLDER, 'Office Laser', 'Zebra']);
    expect(printers.system).toBeDefined();
    expect(printers.problem).toBe('the setup could not be read');
  });

  it('the PDF folder takes labels, and other documents too when they cannot print either; a refusal is thrown for the handler', async () => {
    const { station, printers } = desk();
    station.answer('setPrinterMap', (input) => printerSetup({ labelPrinter: input.labelPrinter ?? null, documentPrinter: input.documentPrinter ?? null }));
    await printers.load();
    expect(await printers.usePdfFolder()).toBe('Labels now go to the PDF folder: /home/desk/Packbench labels');
    expect(station.inputsOf('setPrinterMap')).toEqual([{ labelPrinter: PDF_FOLDER }]);
    expect(printers.setup?.labelPrinter).toBe(PDF_FOLDER);

    station.answer('getPrintSystem', () => printSystem({ document: { printer: null, chosen: false, problem: { kind: 'noPrinters', message: 'no printer is installed' } } }));
    await printers.load();
    expect(await printers.usePdfFolder()).toBe('Labels and other documents now go to the PDF folder: /home/desk/Packbench labels');
    expect(station.inputsOf('setPrinterMap')[1]).toEqual({ labelPrinter: PDF_FOLDER, documentPrinter: PDF_FOLDER });

    station.answer('setPrinterMap', () => {
      throw refusal('printer', 'the folder cannot be written');
    });
    await expect(printers.usePdfFolder()).rejects.toBeInstanceOf(StationCallError);
  });

  it('follows printer states, reads whether a label can print after a job’s outcome, and reads everything for another connection', async () => {
    const { station, printers } = desk();
    await printers.load();
    printers.follow();
    const systemReads = () => station.inputsOf('getPrintSystem').length;
    const before = systemReads();
    station.emit({ type: 'printerState', printers: [printer('Zebra', { state: 'stopped', accepting: false })] });
    expect(printers.printers).toEqual([printer('Zebra', { state: 'stopped', accepting: false })]);
    await vi.waitFor(() => expect(systemReads()).toBe(before + 1));

    station.emit({ type: 'printJob', ids: [1], state: 'sent' });
    station.emit({ type: 'printJob', ids: [1], state: 'failed' });
    await vi.waitFor(() => expect(systemReads()).toBe(before + 2));

    station.emit({ type: 'connectionChanged', profileId: 'hq' });
    await vi.waitFor(() => expect(printers.printers).toHaveLength(3));
    expect(station.inputsOf('getPrinterSetup')).toHaveLength(2);
  });
});
