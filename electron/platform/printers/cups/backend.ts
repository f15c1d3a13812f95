/**
 * PrinterBackend over a CUPS scheduler.
 *
 * Everything goes to the scheduler as IPP requests over HTTP (its TCP port or local socket), found
 * the way the CUPS tools find it: a job is one Print-Job, a poll of its state a Get-Job-Attributes
 * (and a Get-Printer-Attributes of its queue while it waits), the printer list a CUPS-Get-Printers
 * and a CUPS-Get-Default, a cancel a Cancel-Job. Starting a CUPS tool costs tens of milliseconds on
 * a busy desk machine, and the desk polls job state every few hundred milliseconds while a label
 * prints. The command-line tools (CupsCommandLine) are used only when the scheduler wants a login
 * or TLS, which libcups does and this small client does not.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobStatus, PrintRequest, PrinterBackend, PrinterInfo } from '../backend';
import { PrintBackendError } from '../backend';
import { CupsCommandLine, cupsJobNumber, submitArguments } from './commandLine';
import { cancelJobOverIpp } from './ippCancelJob';
import { jobStatusOverIpp } from './ippJobStatus';
import { printersOverIpp } from './ippPrinters';
import { printJobOverIpp } from './ippPrintJob';
import { encryptionRequired, readClientConfig, schedulerAddress } from './scheduler';
import type { SchedulerAddress } from './scheduler';
import { userDefaultPrinter } from './userDefault';
import { messageOf } from '../../../base/errors';

export { CupsCommandLine, ippHost } from './commandLine';

export interface CupsBackendOptions {
  /** Environment for the CUPS tools (CUPS_SERVER picks the scheduler); defaults to process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Limit for each request or command; a scheduler that hangs must not hang the packing desk. */
  readonly timeoutMs?: number;
  /** Where handed-over jobs are written when lp must send them; defaults to the OS temp folder. */
  readonly tempDir?: string;
}

export class CupsBackend implements PrinterBackend {
  private readonly env: NodeJS.ProcessEnv;
  private readonly timeoutMs: number;
  private readonly commandLine: CupsCommandLine;

  constructor(options: CupsBackendOptions = {}) {
    this.env = options.env ?? process.env;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.commandLine = new CupsCommandLine({ env: this.env, timeoutMs: this.timeoutMs, tempDir: options.tempDir ?? os.tmpdir() });
  }

  async listPrinters(): Promise<PrinterInfo[]> {
    const address = this.ippAddress();
    if (address !== undefined) {
      const printers = await printersOverIpp(address, this.printerQuery(), this.timeoutMs);
      if (Array.isArray(printers)) return printers;
    }
    return this.commandLine.listPrinters();
  }

  async submit(request: PrintRequest): Promise<{ jobId: string }> {
    submitArguments(request);
    const address = this.ippAddress();
    if (address !== undefined) {
      const document = request.data ?? (await readJobFile(request.file ?? ''));
      const outcome = await printJobOverIpp(
        address,
        { printer: request.printer, title: request.title, copies: request.copies, options: request.options ?? {}, user: cupsUser(this.env), document, raw: request.format === 'raw' },
        this.timeoutMs,
      );
      if ('jobId' in outcome) return outcome;
    }
    return this.commandLine.submit(request);
  }

  async jobStatus(printer: string, jobId: string): Promise<JobStatus> {
    const id = cupsJobNumber(jobId);
    const address = this.ippAddress();
    if (address !== undefined) {
      const status = await jobStatusOverIpp(address, { printer, jobId, id, user: cupsUser(this.env) }, this.timeoutMs);
      if ('state' in status) return status;
    }
    return this.commandLine.jobStatus(printer, jobId);
  }

  async cancel(jobId: string): Promise<void> {
    const id = cupsJobNumber(jobId);
    const address = this.ippAddress();
    if (address !== undefined && (await cancelJobOverIpp(address, { jobId, id, user: cupsUser(this.env) }, this.timeoutMs)) === undefined) return;
    await this.commandLine.cancel(jobId);
  }

  /** The scheduler to send IPP to, or none when CUPS_ENCRYPTION or client.conf asks for TLS. */
  private ippAddress(): SchedulerAddress | undefined {
    const config = readClientConfig(this.env);
    if (encryptionRequired(this.env, config)) return undefined;
    return schedulerAddress({ env: this.env, config, platform: process.platform });
  }

  private printerQuery(): { user: string; userDefault?: string } {
    const userDefault = userDefaultPrinter(this.env);
    return userDefault === undefined ? { user: cupsUser(this.env) } : { user: cupsUser(this.env), userDefault };
  }
}

async function readJobFile(file: string): Promise<Uint8Array> {
  try {
    return await readFile(path.resolve(file));
  } catch (error) {
    throw new PrintBackendError('failed', `cannot read the file to print: ${messageOf(error)}`);
  }
}

/** The name CUPS records as the job's owner, as lp gives it: CUPS_USER, else the login name. */
function cupsUser(env: NodeJS.ProcessEnv): string {
  if (env.CUPS_USER) return env.CUPS_USER;
  try {
    return os.userInfo().username;
  } catch {
    return 'anonymous';
  }
}
