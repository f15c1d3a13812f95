/**
 * The CUPS backend's questions over IPP against a private cupsd: job state (Get-Job-Attributes and
 * Get-Printer-Attributes), the printer list (CUPS-Get-Printers, CUPS-Get-Default) and Cancel-Job,
 * asked with no CUPS tool on PATH so that nothing here can pass because a tool did the work, and
 * held against the command-line path (lpstat, ipptool, cancel) on the same scheduler.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus, PrinterBackend, PrinterInfo } from '../../../electron/platform/printers/backend';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { CupsBackend, CupsCommandLine } from '../../../electron/platform/printers/cups/backend';
import type { PrivateCups } from '../../support/privateCups';
import { CLOSED_PORT, startPrivateCups } from '../../support/privateCups';
import { refusingProxy } from './refusingProxy';
import type { Refusal } from './refusingProxy';

const exec = promisify(execFile);

let cups: PrivateCups;
let work: string;
let noTools: string;
/** A HOME and a CUPS_SERVERROOT with no lpoptions, so the machine's own files choose no default. */
let emptyHome: string;
let emptyServerRoot: string;
let label: Uint8Array;

/** A backend whose PATH holds no CUPS tool: whatever it answers, it asked over IPP. */
function ippOnly(env: NodeJS.ProcessEnv = {}, timeoutMs?: number): CupsBackend {
  return new CupsBackend({ env: { ...baseEnv(), PATH: noTools, ...env }, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}

/** The command-line path (lpstat, ipptool, cancel) on the same scheduler. */
function commandLine(env: NodeJS.ProcessEnv = {}): CupsCommandLine {
  return new CupsCommandLine({ env: { ...baseEnv(), ...env } });
}

function baseEnv(): NodeJS.ProcessEnv {
  return { ...cups.env, HOME: emptyHome, CUPS_SERVERROOT: emptyServerRoot, LPDEST: undefined, PRINTER: undefined };
}

async function cupsTool(command: string, args: string[]): Promise<void> {
  await exec(command, args, { env: cups.env });
}

async function refusal(promise: Promise<unknown>): Promise<PrintBackendError> {
  const error: unknown = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(PrintBackendError);
  return error as PrintBackendError;
}

async function waitFor(backend: PrinterBackend, printer: string, jobId: string, done: (status: JobStatus) => boolean): Promise<JobStatus> {
  // Only a limit against a hang: the assertions are on the state reached, never on the time taken.
  const deadline = Date.now() + 20_000;
  let status = await backend.jobStatus(printer, jobId);
  while (!done(status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await backend.jobStatus(printer, jobId);
  }
  return status;
}

/**
 * Asks the command-line path, the IPP path, then the command-line path again, until both
 * command-line answers agree (a job on a live queue can move between two questions); the IPP
 * answer between them must then be the same.
 */
async function bothPaths(printer: string, jobId: string): Promise<{ ipp: JobStatus; tools: JobStatus }> {
  for (let attempt = 0; ; attempt += 1) {
    const before = await commandLine().jobStatus(printer, jobId);
    const ipp = await ippOnly().jobStatus(printer, jobId);
    const after = await commandLine().jobStatus(printer, jobId);
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 20) return { ipp, tools: after };
  }
}

function defaultsOf(printers: readonly PrinterInfo[]): string[] {
  return printers.filter((p) => p.isDefault).map((p) => p.name);
}

async function silentScheduler(): Promise<{ port: number; close: () => void }> {
  const silent = net.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  return { port: typeof address === 'object' && address !== null ? address.port : 0, close: () => silent.close() };
}


beforeAll(async () => {
  cups = await startPrivateCups();
  work = await mkdtemp(path.join(os.tmpdir(), 'packbench-cups-state-'));
  noTools = path.join(work, 'empty-bin');
  emptyHome = path.join(work, 'empty-home');
  emptyServerRoot = path.join(work, 'empty-server-root');
  await Promise.all([mkdir(noTools), mkdir(emptyHome), mkdir(emptyServerRoot)]);
  const pdf = await PDFDocument.create();
  pdf.addPage([288, 432]).drawText('TRACKING: 1Z999AA10123450002', { x: 20, y: 380, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  label = await pdf.save();
});

afterAll(async () => {
  await cups?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('CUPS backend asking a private cupsd over IPP', () => {
  it('lists every queue with its state, message, acceptance, device and the default, with no CUPS tool on PATH', async () => {
    const byName = new Map((await ippOnly().listPrinters()).map((p) => [p.name, p]));
    const { queues } = cups;
    expect([...byName.keys()].sort()).toEqual(Object.values(queues).sort());
    expect(byName.get(queues.label4x6)).toEqual({
      name: queues.label4x6,
      isDefault: true,
      state: 'idle',
      accepting: true,
      deviceUri: `file://${cups.outputFileOf(queues.label4x6)}`,
    });
    expect(byName.get(queues.stopped)).toEqual({ name: queues.stopped, isDefault: false, state: 'stopped', accepting: true, message: cups.stoppedReason, deviceUri: 'file:///dev/null' });
    expect(byName.get(queues.rejecting)).toEqual({ name: queues.rejecting, isDefault: false, state: 'idle', accepting: false, message: cups.rejectingReason, deviceUri: 'file:///dev/null' });
    expect(byName.get(queues.dead)?.deviceUri).toMatch(/^socket:\/\/127\.0\.0\.1:\d+$/);
    expect(byName.get(queues.ippEverywhere)?.deviceUri).toMatch(/^ipp:\/\/localhost:\d+\/ipp\/print$/);
    expect(byName.get(queues.awkwardName)).toMatchObject({ state: 'idle', accepting: true, deviceUri: `file://${cups.outputFileOf(queues.awkwardName)}` });
  });

  it('lists the same printers as lpstat on the same scheduler, with a class and held, never-enabled and oddly worded queues', async () => {
    const oddReason = 'say "hi", [x] \\ y';
    await Promise.all([
      cupsTool('lpadmin', ['-p', 'held', '-E', '-v', 'file:///dev/null']),
      cupsTool('lpadmin', ['-p', 'never_enabled', '-v', 'file:///dev/null']),
      cupsTool('lpadmin', ['-p', 'odd_reason', '-E', '-v', 'file:///dev/null']),
      cupsTool('lpadmin', ['-p', cups.queues.dead, '-c', 'desk_class']),
    ]);
    try {
      await Promise.all([
        cupsTool('cupsdisable', ['--hold', 'held']),
        cupsTool('cupsdisable', ['-r', oddReason, 'odd_reason']),
        cupsTool('cupsenable', ['desk_class']).then(() => cupsTool('cupsaccept', ['desk_class'])),
      ]);
      const overIpp = await ippOnly().listPrinters();
      expect(overIpp).toEqual(await commandLine().listPrinters());
      const byName = new Map(overIpp.map((p) => [p.name, p]));
      expect(byName.get('held')).toMatchObject({ state: 'idle', accepting: true });
      // lpstat's words for a stopped queue that gives no reason; the IPP path says the same.
      expect(byName.get('never_enabled')).toMatchObject({ state: 'stopped', accepting: false, message: 'reason unknown' });
      expect(byName.get('odd_reason')).toMatchObject({ state: 'stopped', message: oddReason });
      expect(byName.get('desk_class')).toMatchObject({ state: 'idle', accepting: true, deviceUri: 'file:///dev/null' });
    } finally {
      await cupsTool('lpadmin', ['-x', 'desk_class']);
      await Promise.all(['held', 'never_enabled', 'odd_reason'].map((queue) => cupsTool('lpadmin', ['-x', queue])));
    }
  });

  it('marks the default the user chose as lpstat does: LPDEST, PRINTER, ~/.cups/lpoptions, the system lpoptions, then the scheduler', async () => {
    const { queues } = cups;
    const home = path.join(work, 'home-with-default');
    const homeWithout = path.join(work, 'home-with-other-lines');
    const homeWithGone = path.join(work, 'home-with-gone-default');
    const serverRoot = path.join(work, 'server-root-with-default');
    await Promise.all([home, homeWithout, homeWithGone, serverRoot].map((dir) => mkdir(path.join(dir, '.cups'), { recursive: true })));
    await Promise.all([
      writeFile(path.join(home, '.cups', 'lpoptions'), `Dest ${queues.dead} media=na_index-4x6_4x6in\n  default ${queues.ippEverywhere} media=na_index-4x6_4x6in\nDefault ${queues.stopped}\n`),
      writeFile(path.join(homeWithout, '.cups', 'lpoptions'), `Dest ${queues.dead} media=na_index-4x6_4x6in\n`),
      writeFile(path.join(homeWithGone, '.cups', 'lpoptions'), 'Default no_such_printer\n'),
      writeFile(path.join(serverRoot, 'lpoptions'), `Default ${queues.rejecting}\n`),
    ]);
    const cases: { env: NodeJS.ProcessEnv; expected: string[] }[] = [
      { env: {}, expected: [queues.label4x6] },
      { env: { LPDEST: queues.stopped, PRINTER: queues.dead }, expected: [queues.stopped] },
      { env: { PRINTER: queues.dead }, expected: [queues.dead] },
      { env: { PRINTER: 'lp' }, expected: [queues.label4x6] },
      { env: { LPDEST: 'no_such_printer' }, expected: [] },
      { env: { HOME: home, CUPS_SERVERROOT: serverRoot }, expected: [queues.ippEverywhere] },
      { env: { HOME: homeWithout, CUPS_SERVERROOT: serverRoot }, expected: [queues.rejecting] },
      { env: { HOME: homeWithGone, CUPS_SERVERROOT: serverRoot }, expected: [] },
    ];
    for (const { env, expected } of cases) {
      expect({ env, defaults: defaultsOf(await ippOnly(env).listPrinters()) }).toEqual({ env, defaults: expected });
      expect({ env, defaults: defaultsOf(await commandLine(env).listPrinters()) }).toEqual({ env, defaults: expected });
    }
  });

  it('says why a job waits on a stopped queue, in the same words as ipptool, and cancels it', async () => {
    const backend = ippOnly();
    const { jobId } = await backend.submit({ printer: cups.queues.stopped, data: label, copies: 1, title: 'held back' });
    const status = await backend.jobStatus(cups.queues.stopped, jobId);
    expect(status).toEqual({ jobId, state: 'pending', reason: `printer-stopped: ${cups.stoppedReason}` });
    expect(await commandLine().jobStatus(cups.queues.stopped, jobId)).toEqual(status);
    await backend.cancel(jobId);
    const canceled = await backend.jobStatus(cups.queues.stopped, jobId);
    expect(canceled.state).toBe('canceled');
    expect(await commandLine().jobStatus(cups.queues.stopped, jobId)).toEqual(canceled);
  });

  it('gives a stopped queue\'s reason as the scheduler wrote it, quotes and backslashes included, on both paths', async () => {
    const reason = 'tray "B" [left] \\ empty';
    await cupsTool('lpadmin', ['-p', 'odd_job_queue', '-E', '-v', 'file:///dev/null']);
    try {
      await cupsTool('cupsdisable', ['-r', reason, 'odd_job_queue']);
      const { jobId } = await ippOnly().submit({ printer: 'odd_job_queue', data: label, copies: 1, title: 'odd' });
      const status = await ippOnly().jobStatus('odd_job_queue', jobId);
      expect(status).toEqual({ jobId, state: 'pending', reason: `printer-stopped: ${reason}` });
      expect(await commandLine().jobStatus('odd_job_queue', jobId)).toEqual(status);
    } finally {
      await cupsTool('lpadmin', ['-x', 'odd_job_queue']);
    }
  });

  it('reports a job the scheduler does not know as unknown with reason job-not-found, as ipptool does', async () => {
    const expected = { jobId: 'label4x6-99999', state: 'unknown', reason: 'job-not-found' };
    expect(await ippOnly().jobStatus(cups.queues.label4x6, 'label4x6-99999')).toEqual(expected);
    expect(await commandLine().jobStatus(cups.queues.label4x6, 'label4x6-99999')).toEqual(expected);
    expect((await refusal(ippOnly().jobStatus(cups.queues.label4x6, 'label4x6'))).message).toBe('jobId "label4x6" is not a CUPS job id');
  });

  it('follows a job to completed, as ipptool reads it, and cancelling it afterwards is not an error', async () => {
    const backend = ippOnly();
    const { jobId } = await backend.submit({ printer: cups.queues.label4x6, data: label, copies: 1, title: 'to completion' });
    const done = await waitFor(backend, cups.queues.label4x6, jobId, (s) => s.state === 'completed');
    expect(done.state).toBe('completed');
    expect(await commandLine().jobStatus(cups.queues.label4x6, jobId)).toEqual(done);
    await backend.cancel(jobId);
    expect((await backend.jobStatus(cups.queues.label4x6, jobId)).state).toBe('completed');
  });

  it('reads a held job and a job stuck on an unreachable device the same as ipptool does', async () => {
    const backend = ippOnly();
    const held = await backend.submit({ printer: cups.queues.label4x6, data: label, copies: 1, title: 'held', options: { 'job-hold-until': 'indefinite' } });
    const heldStatus = await bothPaths(cups.queues.label4x6, held.jobId);
    expect(heldStatus.ipp).toMatchObject({ state: 'held', reason: expect.stringContaining('job-hold-until-specified') as unknown });
    expect(heldStatus.ipp).toEqual(heldStatus.tools);
    await backend.cancel(held.jobId);

    const stuck = await backend.submit({ printer: cups.queues.dead, data: label, copies: 1, title: 'to nowhere' });
    await waitFor(backend, cups.queues.dead, stuck.jobId, (s) => /may not exist or is unavailable/.test(s.reason ?? ''));
    const stuckStatus = await bothPaths(cups.queues.dead, stuck.jobId);
    expect(stuckStatus.ipp).toMatchObject({ state: 'processing', reason: expect.stringMatching(/may not exist or is unavailable/) as unknown });
    expect(stuckStatus.ipp).toEqual(stuckStatus.tools);
    await backend.cancel(stuck.jobId);
    expect((await backend.jobStatus(cups.queues.dead, stuck.jobId)).state).toBe('canceled');
  });

  it('refuses to cancel a job that does not exist, naming the job and the reason', async () => {
    const error = await refusal(ippOnly().cancel('label4x6-99999'));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe('cancel label4x6-99999 failed: Job #99999 does not exist.');
    expect((await refusal(ippOnly().cancel('label4x6'))).message).toBe('jobId "label4x6" is not a CUPS job id');
  });

  it('asks by the local socket too', async () => {
    const bySocket = ippOnly({ CUPS_SERVER: cups.socket });
    // The dead printer's state and message flip while CUPS retries the job stuck on its device (a
    // test above left it there): the two answers are compared on what does not change between them.
    const steady = (printers: readonly PrinterInfo[]) => printers.map(({ state, message, ...rest }) => (rest.name === cups.queues.dead ? rest : { ...rest, state, ...(message === undefined ? {} : { message }) }));
    expect(steady(await bySocket.listPrinters())).toEqual(steady(await ippOnly().listPrinters()));
    const { jobId } = await bySocket.submit({ printer: cups.queues.stopped, data: label, copies: 1, title: 'by socket' });
    expect(await bySocket.jobStatus(cups.queues.stopped, jobId)).toEqual({ jobId, state: 'pending', reason: `printer-stopped: ${cups.stoppedReason}` });
    await bySocket.cancel(jobId);
    expect((await bySocket.jobStatus(cups.queues.stopped, jobId)).state).toBe('canceled');
  });

  it('fails with a clear message when no scheduler runs where CUPS_SERVER points, on a port or a socket', async () => {
    const port = CLOSED_PORT;
    const down = ippOnly({ CUPS_SERVER: `127.0.0.1:${String(port)}` });
    for (const asked of [down.listPrinters(), down.jobStatus(cups.queues.label4x6, 'label4x6-1'), down.cancel('label4x6-1')]) {
      const error = await refusal(asked);
      expect(error).toMatchObject({ kind: 'failed', spoolerDown: 'notRunning' });
      expect(error.message).toBe(`the print service (CUPS) is not running on this computer (nothing answers at 127.0.0.1:${String(port)})`);
    }
    const noSocket = path.join(work, 'no-cupsd.sock');
    const gone = ippOnly({ CUPS_SERVER: noSocket });
    for (const asked of [gone.listPrinters(), gone.jobStatus(cups.queues.label4x6, 'label4x6-1'), gone.cancel('label4x6-1')]) {
      const error = await refusal(asked);
      expect(error).toMatchObject({ kind: 'failed', spoolerDown: 'notRunning' });
      expect(error.message).toBe(`the print service (CUPS) is not running on this computer (nothing answers at ${noSocket})`);
    }
  });

  it('gives up on a scheduler that takes the connection and never answers', async () => {
    const silent = await silentScheduler();
    try {
      const hanging = ippOnly({ CUPS_SERVER: `127.0.0.1:${String(silent.port)}` }, 300);
      for (const asked of [hanging.listPrinters(), hanging.jobStatus(cups.queues.label4x6, 'label4x6-1'), hanging.cancel('label4x6-1')]) {
        const error = await refusal(asked);
        expect(error.kind).toBe('failed');
        expect(error.message).toBe(`the CUPS scheduler at 127.0.0.1:${String(silent.port)} did not answer within 300 ms`);
      }
    } finally {
      silent.close();
    }
  });

  it('hands the questions and the cancel to the CUPS tools when the scheduler wants TLS or a login, with the same answers', async () => {
    const direct = ippOnly();
    const printers = await direct.listPrinters();
    for (const refusalKind of ['tls', 'login', 'notAuthenticated'] satisfies Refusal[]) {
      const proxy = await refusingProxy(cups.server, refusalKind);
      try {
        const home = await mkdtemp(path.join(work, 'home-'));
        const backend = new CupsBackend({ env: { ...baseEnv(), CUPS_SERVER: `127.0.0.1:${String(proxy.port)}`, HOME: home } });
        const { jobId } = await direct.submit({ printer: cups.queues.stopped, data: label, copies: 1, title: `via tools, ${refusalKind}` });
        expect(await backend.listPrinters()).toEqual(printers);
        expect(await backend.jobStatus(cups.queues.stopped, jobId)).toEqual(await direct.jobStatus(cups.queues.stopped, jobId));
        const refusedBeforeCancel = proxy.refused;
        await backend.cancel(jobId);
        expect((await direct.jobStatus(cups.queues.stopped, jobId)).state).toBe('canceled');
        // CUPS-Get-Printers and CUPS-Get-Default, Get-Job-Attributes, then Cancel-Job were each refused.
        expect({ refusalKind, beforeCancel: refusedBeforeCancel, all: proxy.refused }).toEqual({ refusalKind, beforeCancel: 3, all: 4 });
        expect(proxy.passed).toBeGreaterThan(0);
      } finally {
        await proxy.close();
      }
    }
  });

  it('goes to the CUPS tools without asking over IPP when CUPS_ENCRYPTION requires TLS', async () => {
    // With no tool on PATH, only the command-line path can fail this way.
    const tlsOnly = ippOnly({ CUPS_ENCRYPTION: 'Required' });
    expect((await refusal(tlsOnly.listPrinters())).message).toBe('lpstat is not installed (the CUPS client tools are needed to print)');
    expect((await refusal(tlsOnly.jobStatus(cups.queues.label4x6, 'label4x6-1'))).message).toBe('lpstat is not installed (the CUPS client tools are needed to print)');
    expect((await refusal(tlsOnly.cancel('label4x6-1'))).message).toBe('cancel is not installed (the CUPS client tools are needed to print)');
  });
});

describe('CUPS backend asking a private cupsd that has no queue', () => {
  let empty: PrivateCups;

  beforeAll(async () => {
    empty = await startPrivateCups({ withQueues: false });
  });

  afterAll(async () => {
    await empty?.stop();
  });

  it('lists no printers, over IPP and through lpstat alike', async () => {
    expect(await new CupsBackend({ env: { ...empty.env, PATH: noTools, HOME: emptyHome, CUPS_SERVERROOT: emptyServerRoot } }).listPrinters()).toEqual([]);
    expect(await new CupsCommandLine({ env: { ...empty.env, HOME: emptyHome, CUPS_SERVERROOT: emptyServerRoot } }).listPrinters()).toEqual([]);
  });
});
