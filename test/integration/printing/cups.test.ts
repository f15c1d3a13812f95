import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../../electron/platform/printers/backend';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { CupsBackend } from '../../../electron/platform/printers/cups/backend';
import { FINISHED_WITHOUT_IPP } from '../../../electron/platform/printers/cups/lpstatJobStatus';
import type { PrivateCups } from '../../support/privateCups';
import { startPrivateCups } from '../../support/privateCups';

const exec = promisify(execFile);
const TRACKING = '1Z999AA10123456784';

let cups: PrivateCups;
let backend: CupsBackend;
let work: string;
let label: string;

async function makeLabel(file: string): Promise<void> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([288, 432]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('SHIP TO: Test Customer', { x: 20, y: 390, size: 14, font });
  page.drawText(`TRACKING: ${TRACKING}`, { x: 20, y: 360, size: 12, font });
  await writeFile(file, await pdf.save());
}

async function waitForJob(printer: string, jobId: string, done: (status: JobStatus) => boolean, timeoutMs = 60_000): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  let status = await backend.jobStatus(printer, jobId);
  while (!done(status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = await backend.jobStatus(printer, jobId);
  }
  return status;
}

async function expectKind(promise: Promise<unknown>, kind: PrintBackendError['kind']): Promise<void> {
  const error: unknown = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(PrintBackendError);
  expect((error as PrintBackendError).kind).toBe(kind);
}

beforeAll(async () => {
  cups = await startPrivateCups();
  backend = new CupsBackend({ env: cups.env });
  work = await mkdtemp(path.join(os.tmpdir(), 'packbench-labels-'));
  label = path.join(work, 'label.pdf');
  await makeLabel(label);
});

afterAll(async () => {
  await cups?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('CUPS backend against a private cupsd', () => {
  it('lists every queue with its state, acceptance and the default', async () => {
    const printers = await backend.listPrinters();
    const byName = new Map(printers.map((p) => [p.name, p]));
    const { queues } = cups;
    expect([...byName.keys()].sort()).toEqual(Object.values(queues).sort());
    expect(byName.get(queues.label4x6)).toMatchObject({ isDefault: true, state: 'idle', accepting: true, deviceUri: `file://${cups.outputFileOf(queues.label4x6)}` });
    expect(byName.get(queues.ippEverywhere)).toMatchObject({ isDefault: false, state: 'idle', accepting: true });
    expect(byName.get(queues.dead)).toMatchObject({ isDefault: false, accepting: true });
    expect(byName.get(queues.dead)?.deviceUri).toMatch(/^socket:\/\/127\.0\.0\.1:\d+$/);
    expect(byName.get(queues.stopped)).toMatchObject({ state: 'stopped', accepting: true, message: cups.stoppedReason });
    expect(byName.get(queues.rejecting)).toMatchObject({ accepting: false });
    expect(byName.get(queues.awkwardName)).toMatchObject({ state: 'idle', accepting: true });
  });

  it('prints a 4x6 PDF to the label queue unchanged in size and text', async () => {
    const { jobId } = await backend.submit({ printer: cups.queues.label4x6, file: label, copies: 1, title: `label ${TRACKING}` });
    expect(jobId).toMatch(/^label4x6-\d+$/);
    const status = await waitForJob(cups.queues.label4x6, jobId, (s) => s.state === 'completed');
    expect(status.state).toBe('completed');
    const out = cups.outputFileOf(cups.queues.label4x6);
    const info = await exec('pdfinfo', [out]);
    expect(info.stdout).toMatch(/Page size:\s+288 x 432 pts/);
    expect(info.stdout).toMatch(/Pages:\s+1\n/);
    const text = await exec('pdftotext', [out, '-']);
    expect(text.stdout).toContain(`TRACKING: ${TRACKING}`);
  });

  it('sends handed-over data straight to the scheduler, writing nothing to disk, even when the queue refuses', async () => {
    const spoolRoot = await mkdtemp(path.join(work, 'spool-'));
    const direct = new CupsBackend({ env: cups.env, tempDir: spoolRoot });
    const data = await readFile(label);
    const { jobId } = await direct.submit({ printer: cups.queues.label4x6, data, copies: 1, title: 'from memory' });
    // A label carries a name and an address: over IPP it reaches only the scheduler's own spool.
    expect(await readdir(spoolRoot)).toEqual([]);
    const status = await waitForJob(cups.queues.label4x6, jobId, (s) => s.state === 'completed');
    expect(status.state).toBe('completed');
    const text = await exec('pdftotext', [cups.outputFileOf(cups.queues.label4x6), '-']);
    expect(text.stdout).toContain(`TRACKING: ${TRACKING}`);

    await expectKind(direct.submit({ printer: cups.queues.rejecting, data, copies: 1, title: 'refused' }), 'rejecting');
    expect(await readdir(spoolRoot)).toEqual([]);
  });

  it('when lp must send the job (TLS asked for), its data waits in a private spool file that is gone once lp answers, even when lp refuses', async () => {
    const spoolRoot = await mkdtemp(path.join(work, 'spool-'));
    // lp keeps the scheduler's certificate under $HOME/.cups: a private HOME keeps it out of the real one.
    const home = await mkdtemp(path.join(work, 'home-'));
    const spooling = new CupsBackend({ env: { ...cups.env, CUPS_ENCRYPTION: 'Required', HOME: home }, tempDir: spoolRoot });
    const data = await readFile(label);
    const { jobId } = await spooling.submit({ printer: cups.queues.label4x6, data, copies: 1, title: 'from memory' });
    const [spoolDir] = await readdir(spoolRoot);
    expect(spoolDir).toMatch(/^packbench-spool-/);
    const spoolPath = path.join(spoolRoot, spoolDir ?? '');
    // A label carries a name and an address: only its owner may read the folder it waits in.
    expect((await stat(spoolPath)).mode & 0o077).toBe(0);
    expect(await readdir(spoolPath)).toEqual([]);
    const status = await waitForJob(cups.queues.label4x6, jobId, (s) => s.state === 'completed');
    expect(status.state).toBe('completed');
    const text = await exec('pdftotext', [cups.outputFileOf(cups.queues.label4x6), '-']);
    expect(text.stdout).toContain(`TRACKING: ${TRACKING}`);

    await expectKind(spooling.submit({ printer: cups.queues.rejecting, data, copies: 1, title: 'refused' }), 'rejecting');
    expect(await readdir(spoolPath)).toEqual([]);
  });

  it('prints through the IPP Everywhere queue and the printer keeps the job file', async () => {
    const { jobId } = await backend.submit({ printer: cups.queues.ippEverywhere, file: label, copies: 1, title: 'ipp label' });
    const status = await waitForJob(cups.queues.ippEverywhere, jobId, (s) => s.state === 'completed');
    expect(status.state).toBe('completed');
    const kept = (await readdir(cups.ippJobDir)).filter((name) => name.endsWith('.pdf'));
    expect(kept.length).toBeGreaterThan(0);
    const text = await exec('pdftotext', [path.join(cups.ippJobDir, kept[0] ?? ''), '-']);
    expect(text.stdout).toContain(`TRACKING: ${TRACKING}`);
  });

  it('reports a rejecting queue as kind "rejecting"', async () => {
    await expectKind(backend.submit({ printer: cups.queues.rejecting, file: label, copies: 1, title: 'x' }), 'rejecting');
  });

  it('reports an unknown printer as kind "printerMissing"', async () => {
    await expectKind(backend.submit({ printer: 'no_such_printer', file: label, copies: 1, title: 'x' }), 'printerMissing');
  });

  it('accepts a job on a stopped queue and says it waits because the printer is stopped', async () => {
    const { jobId } = await backend.submit({ printer: cups.queues.stopped, file: label, copies: 1, title: 'held back' });
    const status = await backend.jobStatus(cups.queues.stopped, jobId);
    expect(status.state).toBe('pending');
    expect(status.reason).toContain('printer-stopped');
    expect(status.reason).toContain(cups.stoppedReason);
    await backend.cancel(jobId);
    expect((await backend.jobStatus(cups.queues.stopped, jobId)).state).toBe('canceled');
  });

  it('shows a connection problem for a job on a queue whose device is unreachable', async () => {
    const { jobId } = await backend.submit({ printer: cups.queues.dead, file: label, copies: 1, title: 'to nowhere' });
    const status = await waitForJob(cups.queues.dead, jobId, (s) => /unavailable|unable to connect|connection/i.test(s.reason ?? ''));
    expect(status.state).toBe('processing');
    expect(status.reason).toMatch(/unavailable|unable to connect|connection/i);
    await backend.cancel(jobId);
  });

  it('passes shell metacharacters in titles and printer names to CUPS as plain text', async () => {
    const marker = path.join(work, 'pwned');
    const title = `a'; touch ${marker}; '`;
    const { jobId } = await backend.submit({ printer: cups.queues.awkwardName, file: label, copies: 1, title });
    const status = await waitForJob(cups.queues.awkwardName, jobId, (s) => s.state === 'completed');
    expect(status.state).toBe('completed');
    const info = await exec('pdfinfo', [cups.outputFileOf(cups.queues.awkwardName)]);
    expect(info.stdout).toMatch(/Page size:\s+288 x 432 pts/);
    const id = jobId.slice(jobId.lastIndexOf('-') + 1);
    const job = await exec('ipptool', ['-tv', `ipp://${cups.server}/jobs/${id}`, 'get-job-attributes.test'], { env: cups.env }).catch(
      (failed: { stdout: string }) => failed,
    );
    expect(job.stdout).toContain(`job-name (nameWithoutLanguage) = ${title}`);
    await expectKind(backend.submit({ printer: `label4x6; touch ${marker}`, file: label, copies: 1, title: '$(touch x)' }), 'printerMissing');
    await expectKind(backend.submit({ printer: 'label 4x6 "quoted"', file: label, copies: 1, title: 'x' }), 'printerMissing');
    expect(existsSync(marker)).toBe(false);
  });

  it('falls back to lpstat without ipptool, and never claims a finished job printed', async () => {
    const bin = path.join(work, 'bin-without-ipptool');
    await mkdir(bin);
    await Promise.all(['lp', 'lpstat', 'cancel'].map((tool) => symlink(`/usr/bin/${tool}`, path.join(bin, tool))));
    // The CUPS tools are used only when the scheduler wants TLS or a login: CUPS_ENCRYPTION=Required
    // takes that path (TLS to the private cupsd; lp keeps its certificate under a private HOME).
    const home = await mkdtemp(path.join(work, 'home-'));
    const limited = new CupsBackend({ env: { ...cups.env, PATH: bin, CUPS_ENCRYPTION: 'Required', HOME: home } });

    const printed = await limited.submit({ printer: cups.queues.label4x6, file: label, copies: 1, title: 'fallback' });
    const finished = await waitForJob(cups.queues.label4x6, printed.jobId, (s) => s.state === 'completed');
    expect(finished.state).toBe('completed');
    expect(await limited.jobStatus(cups.queues.label4x6, printed.jobId)).toEqual({ jobId: printed.jobId, state: 'unknown', reason: FINISHED_WITHOUT_IPP });

    const waiting = await limited.submit({ printer: cups.queues.stopped, file: label, copies: 1, title: 'fallback' });
    expect(await limited.jobStatus(cups.queues.stopped, waiting.jobId)).toEqual({
      jobId: waiting.jobId,
      state: 'pending',
      reason: `printer-stopped: ${cups.stoppedReason}`,
    });
    await limited.cancel(waiting.jobId);
    expect(await limited.jobStatus(cups.queues.stopped, 'stopped-99999')).toMatchObject({ state: 'unknown', reason: 'job-not-found' });
  });

  it('fails with kind "failed" when the scheduler is down, and gives up on one that never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const hanging = new CupsBackend({ env: { ...cups.env, CUPS_SERVER: `127.0.0.1:${String(port)}` }, timeoutMs: 500 });
      await expectKind(hanging.listPrinters(), 'failed');
      await expectKind(hanging.jobStatus(cups.queues.label4x6, 'label4x6-1'), 'failed');
    } finally {
      silent.close();
    }
    const down = new CupsBackend({ env: { ...cups.env, CUPS_SERVER: `127.0.0.1:${String(port)}` } });
    await expectKind(down.listPrinters(), 'failed');
    await expectKind(down.submit({ printer: cups.queues.label4x6, file: label, copies: 1, title: 'x' }), 'failed');
  });

  it('refuses option values that would smuggle in extra lp options, naming the option', async () => {
    const error: unknown = await backend
      .submit({ printer: cups.queues.label4x6, file: label, copies: 1, title: 'x', options: { media: 'w288h432 job-hold-until=indefinite' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrintBackendError);
    expect((error as Error).message).toContain('options.media');
  });
});
