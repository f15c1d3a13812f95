/**
 * PrinterBackend through the CUPS command-line clients: lp, lpstat, ipptool and cancel, run with
 * argument arrays, never a shell. CupsBackend uses it when the scheduler wants a login or TLS,
 * which libcups (inside these tools) does and the small IPP client does not; it stays a whole
 * backend of its own so that tests and the bench can hold its answers against the IPP path's.
 *
 * Queues come from lpstat. Job state comes from ipptool's Get-Job-Attributes, because lpstat
 * cannot tell completed from aborted or canceled; without ipptool it falls back to lpstat, which
 * cannot say whether a finished job printed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobStatus, PrintRequest, PrinterBackend, PrinterInfo } from '../backend';
import { PrintBackendError } from '../backend';
import { ALREADY_FINISHED } from './ippCancelJob';
import { jobStatusFromLpstat } from './lpstatJobStatus';
import { jobStateFromIpp, numericJobId, parseAccepting, parseDevices, parseIppAttributes, parsePrinterStatus, parseRequestId } from './parse';
import { CommandMissingError, runCupsCommand } from './run';
import type { CommandResult } from './run';

export interface CupsCommandLineOptions {
  /** Environment for the CUPS tools (CUPS_SERVER picks the scheduler); defaults to process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Limit for each command; a scheduler that hangs must not hang the packing desk. */
  readonly timeoutMs?: number;
  /** Where handed-over jobs are written for lp; defaults to the OS temp folder. */
  readonly tempDir?: string;
}

const OPTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
// lp re-parses "-o name=value" and splits on whitespace and quotes, so such values would
// smuggle in extra options: refuse them instead of guessing at CUPS's quoting.
const OPTION_VALUE = /^[^\s'"\\]*$/;
const STILL_ACTIVE = new Set(['pending', 'held', 'processing', 'stopped']);

export class CupsCommandLine implements PrinterBackend {
  private readonly env: NodeJS.ProcessEnv;
  private readonly timeoutMs: number;
  private readonly tempDir: string;
  private spoolDir: string | undefined;

  constructor(options: CupsCommandLineOptions = {}) {
    this.env = options.env ?? process.env;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.tempDir = options.tempDir ?? os.tmpdir();
  }

  async listPrinters(): Promise<PrinterInfo[]> {
    const [status, accepting, devices] = await Promise.all([
      this.run('lpstat', ['-p', '-d']),
      this.run('lpstat', ['-a']),
      this.run('lpstat', ['-v']),
    ]);
    if (/No destinations added/i.test(status.stderr)) return [];
    const parsed = parsePrinterStatus(status.stdout);
    if (status.code !== 0 && parsed.printers.length === 0) {
      throw new PrintBackendError('failed', `lpstat failed: ${firstLine(status.stderr) || `exit ${String(status.code)}`}`);
    }
    const acceptingByName = parseAccepting(accepting.stdout);
    const deviceByName = parseDevices(devices.stdout);
    return parsed.printers.map((printer) => {
      const deviceUri = deviceByName.get(printer.name);
      return {
        name: printer.name,
        isDefault: printer.name === parsed.defaultPrinter,
        state: printer.state,
        accepting: acceptingByName.get(printer.name) ?? false,
        ...(printer.message !== undefined ? { message: printer.message } : {}),
        ...(deviceUri !== undefined ? { deviceUri } : {}),
      };
    });
  }

  async submit(request: PrintRequest): Promise<{ jobId: string }> {
    const args = submitArguments(request);
    const spooled = request.data === undefined ? undefined : this.spool(request.data);
    let result: CommandResult;
    try {
      result = await this.run('lp', spooled === undefined ? args : [...args, spooled]);
    } finally {
      // lp has sent the whole file to the scheduler by the time it exits.
      if (spooled !== undefined) rmSync(spooled, { force: true });
    }
    if (result.code !== 0) {
      const failure = classifyLpFailure(request.printer, result);
      // lp says "The printer or class does not exist" also when it cannot reach the scheduler.
      if (failure.kind === 'printerMissing' && !(await this.schedulerIsRunning())) {
        throw new PrintBackendError('failed', 'the print service (CUPS) is not running or cannot be reached (lpstat -r says so)', 'notRunning');
      }
      throw failure;
    }
    const jobId = parseRequestId(result.stdout);
    if (jobId === undefined) throw new PrintBackendError('failed', `lp gave no request id: ${firstLine(result.stdout)}`);
    return { jobId };
  }

  /**
   * When lp must send handed-over data, it gets a file rather than its standard input, which
   * costs a pipe and an extra request. The folder is private to this user; each job's file goes
   * once lp exits.
   */
  private spool(data: Uint8Array): string {
    this.spoolDir ??= mkdtempSync(path.join(this.tempDir, 'packbench-spool-'));
    const file = path.join(this.spoolDir, `${randomUUID()}.pdf`);
    try {
      writeFileSync(file, data, { mode: 0o600 });
    } catch (error) {
      throw new PrintBackendError('failed', `cannot write the job for the printer: ${error instanceof Error ? error.message : String(error)}`);
    }
    return file;
  }

  async jobStatus(printer: string, jobId: string): Promise<JobStatus> {
    const id = cupsJobNumber(jobId);
    try {
      return await this.jobStatusFromIpptool(printer, jobId, id);
    } catch (error) {
      if (!(error instanceof CommandMissingError && error.command === 'ipptool')) throw error;
      return jobStatusFromLpstat((args) => this.run('lpstat', args), printer, jobId);
    }
  }

  private async jobStatusFromIpptool(printer: string, jobId: string, id: number): Promise<JobStatus> {
    const job = await this.ippGet(`jobs/${String(id)}`, 'get-job-attributes.test');
    if (job.get('status-code') === 'client-error-not-found') return { jobId, state: 'unknown', reason: 'job-not-found' };
    const rawState = job.get('job-state');
    if (rawState === undefined) throw new PrintBackendError('failed', `CUPS gave no job-state for job ${jobId}`);
    const state = jobStateFromIpp(rawState);
    const reasons = keywords(job.get('job-state-reasons'));
    let message = job.get('job-printer-state-message');
    if (STILL_ACTIVE.has(state)) {
      // A pending job on a disabled queue says only "none": the printer tells why it waits.
      const queue = await this.ippGet(`printers/${encodeURIComponent(printer)}`, 'get-printer-attributes.test');
      if (queue.get('printer-state') === 'stopped') {
        reasons.push('printer-stopped');
        message = queue.get('printer-state-message') || message;
      } else if (!message) {
        message = queue.get('printer-state-message');
      }
    }
    const reason = [reasons.join(','), message ?? ''].filter((part) => part !== '').join(': ');
    return reason === '' ? { jobId, state } : { jobId, state, reason };
  }

  async cancel(jobId: string): Promise<void> {
    cupsJobNumber(jobId);
    const result = await this.run('cancel', [jobId]);
    // Cancelling a job that already finished is not an error for the caller: the job is gone.
    if (result.code !== 0 && !ALREADY_FINISHED.test(result.stderr)) {
      throw new PrintBackendError('failed', `cancel ${jobId} failed: ${firstLine(result.stderr)}`);
    }
  }

  private async schedulerIsRunning(): Promise<boolean> {
    // lpstat -r exits 0 either way: only its text tells.
    const result = await this.run('lpstat', ['-r']);
    return /scheduler is running/i.test(result.stdout);
  }

  private run(command: string, args: readonly string[]): Promise<CommandResult> {
    return runCupsCommand(command, args, { env: this.env, timeoutMs: this.timeoutMs });
  }

  private async ippGet(resource: string, testFile: string): Promise<Map<string, string>> {
    const seconds = String(Math.max(1, Math.ceil(this.timeoutMs / 1000)));
    const uri = `ipp://${ippHost(this.env.CUPS_SERVER)}/${resource}`;
    // ipptool exits 1 when a stock test's EXPECT lines fail even though the answer is complete,
    // so the attributes decide, not the exit code.
    const result = await this.run('ipptool', ['-tv', '-T', seconds, uri, testFile]);
    const attributes = parseIppAttributes(result.stdout);
    if (!attributes.has('status-code')) {
      throw new PrintBackendError('failed', `ipptool could not ask CUPS: ${firstLine(result.stderr) || firstLine(result.stdout)}`);
    }
    return attributes;
  }
}

/** "label4x6-12" → 12, or the error both backends give for an id CUPS never handed out. */
export function cupsJobNumber(jobId: string): number {
  const id = numericJobId(jobId);
  if (id === undefined) throw new PrintBackendError('failed', `jobId "${jobId}" is not a CUPS job id`);
  return id;
}

/** lp's arguments; also the checks every submit passes first, whichever way the job then goes. */
export function submitArguments(request: PrintRequest): string[] {
  if (request.printer.trim() === '') throw new PrintBackendError('failed', 'printer is required');
  if (!Number.isInteger(request.copies) || request.copies < 1 || request.copies > 999) {
    throw new PrintBackendError('failed', 'copies must be a whole number from 1 to 999');
  }
  if ((request.file === undefined) === (request.data === undefined)) throw new PrintBackendError('failed', 'give either file or data');
  if (request.file?.trim() === '') throw new PrintBackendError('failed', 'file is required');
  if (request.data?.byteLength === 0) throw new PrintBackendError('failed', 'data is empty');
  // An absolute path never starts with "-", so lp cannot read it as an option.
  const args = ['-d', request.printer, '-n', String(request.copies), '-t', request.title];
  for (const [name, value] of Object.entries(request.options ?? {})) {
    if (!OPTION_NAME.test(name)) throw new PrintBackendError('failed', `options.${name} is not a valid CUPS option name`);
    if (!OPTION_VALUE.test(value)) throw new PrintBackendError('failed', `options.${name} must not contain spaces, quotes or backslashes`);
    args.push('-o', `${name}=${value}`);
  }
  // `-o raw` makes the job application/vnd.cups-raw: ZPL goes to the printer with no filter.
  if (request.format === 'raw') args.push('-o', 'raw');
  // Handed-over data is added by submit as a spooled file.
  if (request.file !== undefined) args.push(path.resolve(request.file));
  return args;
}

function classifyLpFailure(printer: string, result: CommandResult): PrintBackendError {
  const text = `${result.stderr}\n${result.stdout}`;
  if (/not accepting jobs/i.test(text)) return new PrintBackendError('rejecting', `printer "${printer}" is not accepting jobs`);
  if (/does not exist|unknown destination|not found/i.test(text)) {
    return new PrintBackendError('printerMissing', `printer "${printer}" does not exist`);
  }
  return new PrintBackendError('failed', `lp failed: ${firstLine(result.stderr) || `exit ${String(result.code)}`}`);
}

/** CUPS_SERVER is "host", "host:port", "host:port/version=…" or a socket path; unset means localhost. */
export function ippHost(server: string | undefined): string {
  const value = (server ?? '').trim();
  if (value === '') return 'localhost';
  // CUPS reads a host name that starts with "/" as a local socket; it must be %-encoded in a URI.
  if (value.startsWith('/')) return encodeURIComponent(value);
  return value.split('/')[0] ?? 'localhost';
}

function keywords(value: string | undefined): string[] {
  return (value ?? '').split(',').filter((word) => word !== '' && word !== 'none');
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
