/**
 * The CUPS backend's IPP path against a private cupsd: jobs go to the scheduler as one Print-Job
 * request, with no CUPS client tool on PATH, so nothing here can pass because lp did the work.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../../electron/platform/printers/backend';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { CupsBackend, CupsCommandLine } from '../../../electron/platform/printers/cups/backend';
import { postIpp } from '../../../electron/platform/printers/cups/ippHttp';
import { GROUP, VALUE, decodeMessage, encodeMessage, findValue } from '../../../electron/platform/printers/cups/ippWire';
import type { IppCollection } from '../../../electron/platform/printers/cups/ippWire';
import { parseServerName } from '../../../electron/platform/printers/cups/scheduler';
import type { PrivateCups } from '../../support/privateCups';
import { CLOSED_PORT, startPrivateCups } from '../../support/privateCups';
import { refusingProxy } from './refusingProxy';

const exec = promisify(execFile);
const TRACKING = '1Z999AA10123450001';

let cups: PrivateCups;
/** Has the CUPS tools, to read job state; the backends under test do not. */
let watcher: CupsBackend;
let work: string;
let noTools: string;
let label: Uint8Array;

async function makeLabel(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([288, 432]);
  page.drawText(text, { x: 20, y: 380, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

/** A backend whose PATH holds no CUPS tool: whatever it does, it does over IPP. */
function ippOnly(env: NodeJS.ProcessEnv = {}, timeoutMs?: number): CupsBackend {
  return new CupsBackend({ env: { ...cups.env, PATH: noTools, ...env }, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}

async function waitForJob(printer: string, jobId: string, timeoutMs = 15_000): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  let status = await watcher.jobStatus(printer, jobId);
  while (status.state !== 'completed' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = await watcher.jobStatus(printer, jobId);
  }
  return status;
}

async function refusal(promise: Promise<unknown>): Promise<PrintBackendError> {
  const error: unknown = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(PrintBackendError);
  return error as PrintBackendError;
}

async function jobAttributes(jobId: string): Promise<string> {
  const id = jobId.slice(jobId.lastIndexOf('-') + 1);
  const result = await exec('ipptool', ['-tv', `ipp://${cups.server}/jobs/${id}`, 'get-job-attributes.test'], { env: cups.env }).catch(
    (failed: { stdout: string }) => failed,
  );
  return result.stdout;
}

async function printedText(): Promise<string> {
  return (await exec('pdftotext', [cups.outputFileOf(cups.queues.label4x6), '-'])).stdout;
}

beforeAll(async () => {
  cups = await startPrivateCups();
  watcher = new CupsBackend({ env: cups.env });
  work = await mkdtemp(path.join(os.tmpdir(), 'packbench-cups-ipp-'));
  noTools = path.join(work, 'empty-bin');
  await mkdir(noTools);
  label = await makeLabel(`TRACKING: ${TRACKING}`);
});

afterAll(async () => {
  await cups?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('CUPS backend submitting over IPP to a private cupsd', () => {
  it('prints a job with no lp on PATH, with its title, copies and options as CUPS recorded them', async () => {
    const { jobId } = await ippOnly().submit({
      printer: cups.queues.label4x6,
      data: label,
      copies: 2,
      title: 'Packbench PB-DESK1-1 ünïcode',
      options: { 'job-priority': '60', media: 'na_index-4x6_4x6in' },
    });
    expect(jobId).toMatch(/^label4x6-\d+$/);
    expect((await waitForJob(cups.queues.label4x6, jobId)).state).toBe('completed');
    expect(await printedText()).toContain(`TRACKING: ${TRACKING}`);
    const attributes = await jobAttributes(jobId);
    expect(attributes).toContain('job-name (nameWithoutLanguage) = Packbench PB-DESK1-1 ünïcode');
    expect(attributes).toContain('copies (integer) = 2');
    expect(attributes).toContain('job-priority (integer) = 60');
    expect(attributes).toContain(`job-originating-user-name (nameWithoutLanguage) = ${os.userInfo().username}`);
  });

  it('prints a file given by path, and says so when the file cannot be read', async () => {
    const file = path.join(work, 'label.pdf');
    await writeFile(file, label);
    const { jobId } = await ippOnly().submit({ printer: cups.queues.label4x6, file, copies: 1, title: 'from a file' });
    expect((await waitForJob(cups.queues.label4x6, jobId)).state).toBe('completed');
    const missing = await refusal(ippOnly().submit({ printer: cups.queues.label4x6, file: path.join(work, 'gone.pdf'), copies: 1, title: 'x' }));
    expect(missing.kind).toBe('failed');
    expect(missing.message).toMatch(/^cannot read the file to print: .*ENOENT/);
  });

  it('reports a queue that is not installed as "printerMissing", whatever its name holds', async () => {
    for (const printer of ['no_such_printer', 'label 4x6 "quoted"', 'a/b', 'label4x6#2']) {
      const error = await refusal(ippOnly().submit({ printer, data: label, copies: 1, title: 'x' }));
      expect(error.kind).toBe('printerMissing');
      expect(error.message).toBe(`printer "${printer}" does not exist`);
    }
  });

  it('reports a rejecting queue as "rejecting", a large job included', async () => {
    const small = await refusal(ippOnly().submit({ printer: cups.queues.rejecting, data: label, copies: 1, title: 'x' }));
    expect(small.kind).toBe('rejecting');
    expect(small.message).toBe(`printer "${cups.queues.rejecting}" is not accepting jobs`);
    // Far more than socket buffers hold: the answer must still be read after the whole upload.
    const large = new Uint8Array(6 * 1024 * 1024);
    large.set(label);
    expect((await refusal(ippOnly().submit({ printer: cups.queues.rejecting, data: large, copies: 1, title: 'x' }))).kind).toBe('rejecting');
  });

  it('accepts a job on a stopped queue: it waits there, as with lp', async () => {
    const { jobId } = await ippOnly().submit({ printer: cups.queues.stopped, data: label, copies: 1, title: 'held back' });
    expect(await watcher.jobStatus(cups.queues.stopped, jobId)).toMatchObject({ state: 'pending', reason: expect.stringContaining('printer-stopped') as unknown });
    await watcher.cancel(jobId);
  });

  it('fails with a clear message when no scheduler runs where CUPS_SERVER points, on a port or a socket', async () => {
    const closed = CLOSED_PORT;
    const down = await refusal(ippOnly({ CUPS_SERVER: `127.0.0.1:${String(closed)}` }).submit({ printer: cups.queues.label4x6, data: label, copies: 1, title: 'x' }));
    expect(down).toMatchObject({ kind: 'failed', spoolerDown: 'notRunning' });
    expect(down.message).toBe(`the print service (CUPS) is not running on this computer (nothing answers at 127.0.0.1:${String(closed)})`);
    const noSocket = path.join(work, 'no-cupsd.sock');
    const gone = await refusal(ippOnly({ CUPS_SERVER: noSocket }).submit({ printer: cups.queues.label4x6, data: label, copies: 1, title: 'x' }));
    expect(gone).toMatchObject({ kind: 'failed', spoolerDown: 'notRunning' });
    expect(gone.message).toBe(`the print service (CUPS) is not running on this computer (nothing answers at ${noSocket})`);
  });

  it('gives up on a scheduler that takes the connection and never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const error = await refusal(ippOnly({ CUPS_SERVER: `127.0.0.1:${String(port)}` }, 300).submit({ printer: cups.queues.label4x6, data: label, copies: 1, title: 'x' }));
      expect(error.kind).toBe('failed');
      expect(error.message).toBe(`the CUPS scheduler at 127.0.0.1:${String(port)} did not answer within 300 ms`);
    } finally {
      silent.close();
    }
  });

  it('reaches the scheduler by its local socket, by host:port with an IPP version, and by ServerName in client.conf', async () => {
    const port = cups.server.split(':')[1] ?? '';
    const home = path.join(work, 'home');
    await mkdir(path.join(home, '.cups'), { recursive: true });
    await writeFile(path.join(home, '.cups', 'client.conf'), `ServerName ${cups.server}\n`);
    const ways: { how: string; env: NodeJS.ProcessEnv }[] = [
      { how: 'socket', env: { CUPS_SERVER: cups.socket } },
      { how: 'version', env: { CUPS_SERVER: `localhost:${port}/version=1.1` } },
      { how: 'client.conf', env: { CUPS_SERVER: undefined, HOME: home, CUPS_SERVERROOT: path.join(work, 'no-server-root') } },
    ];
    for (const { how, env } of ways) {
      const text = `TRACKING: ${how}`;
      const { jobId } = await ippOnly(env).submit({ printer: cups.queues.label4x6, data: await makeLabel(text), copies: 1, title: how });
      expect((await waitForJob(cups.queues.label4x6, jobId)).state).toBe('completed');
      expect(await printedText()).toContain(text);
    }
  });

  it('reads job state through ipptool over the local socket too', async () => {
    // The command-line path: CupsBackend itself asks over IPP unless the scheduler wants TLS or a login.
    const bySocket = new CupsCommandLine({ env: { ...cups.env, CUPS_SERVER: cups.socket } });
    const { jobId } = await bySocket.submit({ printer: cups.queues.label4x6, data: label, copies: 1, title: 'socket state' });
    const deadline = Date.now() + 15_000;
    let status = await bySocket.jobStatus(cups.queues.label4x6, jobId);
    while (status.state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await bySocket.jobStatus(cups.queues.label4x6, jobId);
    }
    expect(status.state).toBe('completed');
  });

  it('hands the job to lp when the scheduler asks this client for TLS (HTTP 426), and lp prints it', async () => {
    // Stands in for a scheduler that wants TLS from remote clients (cupsd never asks it of loopback):
    // our IPP request is answered 426, lp's requests pass through to the private cupsd.
    const proxy = await refusingProxy(cups.server, 'tls');
    try {
      const home = await mkdtemp(path.join(work, 'home-'));
      const backend = new CupsBackend({ env: { ...cups.env, CUPS_SERVER: `127.0.0.1:${String(proxy.port)}`, HOME: home } });
      const { jobId } = await backend.submit({ printer: cups.queues.label4x6, data: await makeLabel('TRACKING: via lp'), copies: 1, title: 'via lp' });
      expect(proxy.refused).toBe(1);
      expect(proxy.passed).toBeGreaterThan(0);
      expect((await waitForJob(cups.queues.label4x6, jobId)).state).toBe('completed');
      expect(await printedText()).toContain('TRACKING: via lp');
    } finally {
      await proxy.close();
    }
  });

  it("reads a real scheduler's answer whole, collections included", async () => {
    const request = encodeMessage({
      version: [2, 0],
      code: 0x000b, // Get-Printer-Attributes
      requestId: 1,
      groups: [
        {
          tag: GROUP.operation,
          attributes: [
            { name: 'attributes-charset', tag: VALUE.charset, values: ['utf-8'] },
            { name: 'attributes-natural-language', tag: VALUE.naturalLanguage, values: ['en'] },
            { name: 'printer-uri', tag: VALUE.uri, values: [`ipp://localhost/printers/${cups.queues.ippEverywhere}`] },
            { name: 'requested-attributes', tag: VALUE.keyword, values: ['all'] },
          ],
        },
      ],
    });
    const answer = await postIpp(parseServerName(cups.server, 631), `/printers/${cups.queues.ippEverywhere}`, [request], 5000);
    expect(answer.status).toBe(200);
    const message = decodeMessage(answer.body);
    expect(message.code).toBe(0);
    expect(findValue(message, GROUP.printer, 'printer-name')).toBe(cups.queues.ippEverywhere);
    expect(findValue(message, GROUP.printer, 'printer-state')).toBe(3); // idle
    const mediaCol = findValue(message, GROUP.printer, 'media-col-default') as IppCollection;
    const size = mediaCol.members.find((m) => m.name === 'media-size')?.values[0] as IppCollection;
    // 4x6 in, in hundredths of a millimetre.
    expect(size.members.map((m) => [m.name, m.values[0]])).toEqual([
      ['x-dimension', 10160],
      ['y-dimension', 15240],
    ]);
  });
});

