/**
 * A desk whose computer has no print service running (nothing listens where CUPS would be), through
 * the web host as the desk reaches it: the station says why no label can print before anything is
 * bought, lists the PDF folder, and once the PDF folder is chosen a shipment's label comes out as a
 * 4x6 PDF file carrying its tracking number, which the desk can open or show in its folder; the
 * folder can be changed (a bad one refused with why), and a file moved away is said to be gone.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_FOLDER_PRINTER } from '../../../electron/api';
import { pdfFolderJobFile } from '../../../electron/platform/printers/pdfFolder';
import { pdfPageTexts } from '../../support/labelOutput';
import { requestKey, shipment } from '../../support/shipments';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';

const run = promisify(execFile);
let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness({ printing: 'none' });
}, 120_000);

afterAll(async () => {
  await station.close();
});

/** Ships and waits until its label's job has settled; the settled job. */
async function shipAndPrint(orderNumber: string) {
  const from = station.events.length;
  const shipped = await station.value('ship', { shipment: shipment({ references: { orderNumber } }), requestKey: requestKey() });
  const ready = await station.waitForEvent('labelsReady', (e) => e.stationRef === shipped.stationRef, from);
  await station.waitForEvent('printJob', (e) => (e.state === 'completed' || e.state === 'failed') && e.ids.some((id) => ready.printJobIds.includes(id)), from);
  const [job] = await station.value('printHistory', { stationRef: shipped.stationRef });
  if (job === undefined) throw new Error('no print job');
  const detail = await station.value('getShipment', { stationRef: shipped.stationRef });
  return { job, trackingNumber: detail.shipment.trackingNumber ?? '' };
}

describe('a desk without a print service', () => {
  it('says before anything is bought that no label can print, and the real cause: the print service is not running', async () => {
    const system = await station.value('getPrintSystem', {});
    expect(system.spooler).toMatchObject({ state: 'notRunning', message: expect.stringMatching(/^the print service \(CUPS\) is not running on this computer \(nothing answers at 127\.0\.0\.1:\d+\)$/) as unknown });
    expect(system.label).toEqual({ printer: null, chosen: false, problem: { kind: 'spoolerNotRunning', message: system.spooler.message } });
    // What there is to choose: the PDF folder, ready.
    expect(await station.value('listPrinters', {})).toMatchObject([{ name: PDF_FOLDER_PRINTER, accepting: true }]);
    expect(await station.value('getPrinterSetup', {})).toMatchObject({ labelPrinter: null, pdfFolder: station.pdfFolder, pdfFolderIsDefault: true });
  });

  it('a label bought before a printer is chosen fails with the same cause, in words', async () => {
    const { job } = await shipAndPrint('SO-NOPRINTER-1');
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^the print service \(CUPS\) is not running on this computer/);
  });

  it('with the PDF folder chosen, the label is a 4x6 PDF file in the folder carrying its tracking number, opened or shown on asking', async () => {
    await station.value('setPrinterMap', { labelPrinter: PDF_FOLDER_PRINTER });
    expect((await station.value('getPrintSystem', {})).label).toEqual({ printer: PDF_FOLDER_PRINTER, chosen: true, problem: null });
    const { job, trackingNumber } = await shipAndPrint('SO-PDF-1');
    expect(job).toMatchObject({ state: 'completed', targetPrinter: PDF_FOLDER_PRINTER });
    const file = pdfFolderJobFile(job.cupsJobId ?? '');
    expect(path.dirname(file)).toBe(station.pdfFolder);
    const { stdout } = await run('pdfinfo', [file]);
    expect(stdout).toMatch(/Page size:\s+288 x 432 pts/);
    expect((await pdfPageTexts(file))[0]).toContain(trackingNumber);

    expect(await station.value('openPrintedFile', { printJobId: job.id })).toEqual({ path: file });
    await station.value('openPrintedFile', { printJobId: job.id, reveal: true });
    expect(station.opened).toEqual([
      { file, reveal: false },
      { file, reveal: true },
    ]);
  });

  it('opens only what the PDF folder saved, and says so when the file is gone', async () => {
    const failed = (await station.value('printHistory', {})).find((job) => job.state === 'failed');
    expect(await station.call('openPrintedFile', { printJobId: failed?.id ?? 0 })).toMatchObject({ ok: false, error: { code: 'conflict', fields: [{ field: 'printJobId' }] } });
    const { job } = await shipAndPrint('SO-PDF-2');
    rmSync(pdfFolderJobFile(job.cupsJobId ?? ''));
    expect(await station.call('openPrintedFile', { printJobId: job.id })).toMatchObject({ ok: false, error: { code: 'notFound', message: expect.stringMatching(/is no longer there/) as unknown } });
  });

  it('writes to the folder the desk chooses; a folder that cannot be used is refused with why', async () => {
    const relative = await station.call('setPdfFolder', { folder: 'labels' });
    expect(relative).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'folder', message: expect.stringMatching(/is not a full path/) as unknown }] } });
    const blocker = path.join(station.dataDir, 'not-a-folder');
    writeFileSync(blocker, '');
    expect(await station.call('setPdfFolder', { folder: path.join(blocker, 'labels') })).toMatchObject({ ok: false, error: { fields: [{ field: 'folder', message: `${blocker} is not a folder` }] } });

    const chosen = path.join(station.dataDir, 'chosen labels');
    expect(await station.value('setPdfFolder', { folder: chosen })).toMatchObject({ pdfFolder: chosen, pdfFolderIsDefault: false });
    const { job } = await shipAndPrint('SO-PDF-3');
    expect(path.dirname(pdfFolderJobFile(job.cupsJobId ?? ''))).toBe(chosen);
    expect(readdirSync(chosen)).toHaveLength(1);
    expect(await station.value('setPdfFolder', { folder: null })).toMatchObject({ pdfFolder: station.pdfFolder, pdfFolderIsDefault: true });
    expect(existsSync(pdfFolderJobFile(job.cupsJobId ?? ''))).toBe(true);
  });
});
