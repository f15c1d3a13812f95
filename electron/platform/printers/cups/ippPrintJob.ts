/**
 * Submits a job to the CUPS scheduler with one IPP Print-Job request, instead of starting `lp`,
 * which costs a process start per job (tens of milliseconds on a slow machine, more than the rest
 * of the print path). The answer is mapped to the same errors the lp path gives. What this small
 * client does not do (authentication, TLS) is handed back to the caller as "use lp".
 */
import { PrintBackendError } from '../backend';
import { jobAttributes } from './ippOptions';
import { STATUS, impossibleQueueName, ippRequest, isError, printerResource, printerUri, sendIpp, statusDetail, uri, userName } from './ippRequest';
import { GROUP, VALUE, findValue } from './ippWire';
import type { IppMessage } from './ippWire';
import type { SchedulerAddress } from './scheduler';

export interface IppPrintJob {
  readonly printer: string;
  readonly title: string;
  readonly copies: number;
  readonly options: Readonly<Record<string, string>>;
  readonly user: string;
  readonly document: Uint8Array;
  /** Bytes in the printer's own language: no filter may touch them (what `lp -o raw` asks for). */
  readonly raw?: boolean;
}

/** Accepted with the job id lp would print ("label4x6-12"), or "lp must do this one" and why. */
export type IppPrintOutcome = { readonly jobId: string } | { readonly useLp: string };

const PRINT_JOB = 0x0002;

/** The request head: operation attributes in the order RFC 8011 requires, then the job's own. */
export function printJobRequest(job: IppPrintJob, address: SchedulerAddress): Buffer {
  return ippRequest(
    address,
    PRINT_JOB,
    [
      uri('printer-uri', printerUri(job.printer)),
      userName(job.user),
      { name: 'job-name', tag: VALUE.name, values: [job.title] },
      { name: 'document-format', tag: VALUE.mimeMediaType, values: [job.raw === true ? 'application/vnd.cups-raw' : 'application/pdf'] },
    ],
    [{ tag: GROUP.job, attributes: jobAttributes(job.copies, job.options) }],
  );
}

export async function printJobOverIpp(address: SchedulerAddress, job: IppPrintJob, timeoutMs: number): Promise<IppPrintOutcome> {
  if (impossibleQueueName(job.printer)) throw new PrintBackendError('printerMissing', `printer "${job.printer}" does not exist`);
  const exchange = await sendIpp(address, printerResource(job.printer), [printJobRequest(job, address), job.document], timeoutMs);
  if ('useCommandLine' in exchange) return { useLp: exchange.useCommandLine };
  return outcomeOf(job.printer, exchange.answer);
}

/** The scheduler's answer as the caller's outcome, with the same error kinds as lp's messages give. */
export function outcomeOf(printer: string, message: IppMessage): IppPrintOutcome {
  const detail = statusDetail(message);
  if (message.code === STATUS.notFound) return fail('printerMissing', `printer "${printer}" does not exist`);
  if (message.code === STATUS.notAcceptingJobs) return fail('rejecting', `printer "${printer}" is not accepting jobs`);
  if (message.code === STATUS.notAuthenticated) return { useLp: 'client-error-not-authenticated' };
  if (isError(message)) return fail('failed', `CUPS refused the job: ${detail}`);
  const jobId = findValue(message, GROUP.job, 'job-id');
  if (typeof jobId !== 'number') return fail('failed', `CUPS accepted the job but gave no job id (${detail})`);
  return { jobId: `${printer}-${String(jobId)}` };
}

function fail(kind: PrintBackendError['kind'], text: string): never {
  throw new PrintBackendError(kind, text);
}
