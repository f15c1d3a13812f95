/**
 * A job's state from the scheduler itself: Get-Job-Attributes, and for a job still waiting or
 * printing Get-Printer-Attributes of its queue, each one request instead of an ipptool start per
 * poll. The answer means what the ipptool path's answer means: `job-state` as a JobState,
 * `reason` as "keywords: message", a job CUPS no longer knows as state `unknown` with reason
 * `job-not-found`.
 */
import type { JobState, JobStatus } from '../backend';
import { PrintBackendError } from '../backend';
import { STATUS, impossibleQueueName, ippRequest, isError, keywords, printerResource, printerUri, sendIpp, statusDetail, uri, userName } from './ippRequest';
import type { UseCommandLine } from './ippRequest';
import { GROUP, findValue, findValues } from './ippWire';
import type { IppMessage } from './ippWire';
import type { SchedulerAddress } from './scheduler';

export interface JobQuery {
  /** The queue the job was sent to: its state says why a job waits. */
  readonly printer: string;
  /** The id as the caller knows it ("label4x6-12"); `id` is its number. */
  readonly jobId: string;
  readonly id: number;
  readonly user: string;
}

const GET_JOB_ATTRIBUTES = 0x0009;
const GET_PRINTER_ATTRIBUTES = 0x000b;
const PRINTER_STOPPED = 5;

/** job-state enums (RFC 8011 5.3.7). */
const JOB_STATES: Readonly<Record<number, JobState>> = {
  3: 'pending',
  4: 'held',
  5: 'processing',
  6: 'stopped',
  7: 'canceled',
  8: 'aborted',
  9: 'completed',
};
const STILL_ACTIVE = new Set<JobState>(['pending', 'held', 'processing', 'stopped']);

export async function jobStatusOverIpp(address: SchedulerAddress, query: JobQuery, timeoutMs: number): Promise<JobStatus | UseCommandLine> {
  const { jobId } = query;
  // The job is found by its number alone, as ipptool and cancel find it.
  const jobRequest = ippRequest(address, GET_JOB_ATTRIBUTES, [
    uri('job-uri', `ipp://localhost/jobs/${String(query.id)}`),
    userName(query.user),
    keywords('requested-attributes', ['job-state', 'job-state-reasons', 'job-printer-state-message']),
  ]);
  const job = await sendIpp(address, '/jobs/', [jobRequest], timeoutMs);
  if ('useCommandLine' in job) return job;
  if (job.answer.code === STATUS.notFound) return { jobId, state: 'unknown', reason: 'job-not-found' };
  const rawState = findValue(job.answer, GROUP.job, 'job-state');
  if (typeof rawState !== 'number') {
    const detail = isError(job.answer) ? `: ${statusDetail(job.answer)}` : '';
    throw new PrintBackendError('failed', `CUPS gave no job-state for job ${jobId}${detail}`);
  }
  const state = JOB_STATES[rawState] ?? 'unknown';
  const reasons = findValues(job.answer, GROUP.job, 'job-state-reasons').filter((word): word is string => typeof word === 'string' && word !== '' && word !== 'none');
  let message = text(findValue(job.answer, GROUP.job, 'job-printer-state-message'));
  if (STILL_ACTIVE.has(state)) {
    // A pending job on a disabled queue says only "none": the printer tells why it waits.
    const queue = await printerState(address, query, timeoutMs);
    if ('useCommandLine' in queue) return queue;
    if (queue.answer !== undefined) {
      const printerMessage = text(findValue(queue.answer, GROUP.printer, 'printer-state-message'));
      if (findValue(queue.answer, GROUP.printer, 'printer-state') === PRINTER_STOPPED) {
        reasons.push('printer-stopped');
        message = printerMessage || message;
      } else if (!message) {
        message = printerMessage;
      }
    }
  }
  const reason = [reasons.join(','), message ?? ''].filter((part) => part !== '').join(': ');
  return reason === '' ? { jobId, state } : { jobId, state, reason };
}

/** The queue's state and message; no answer when the queue is gone (the job's own words stand). */
async function printerState(address: SchedulerAddress, query: JobQuery, timeoutMs: number): Promise<{ readonly answer?: IppMessage } | UseCommandLine> {
  // cupsd would refuse such a request path with HTTP 403: no queue can have this name.
  if (impossibleQueueName(query.printer)) return {};
  const request = ippRequest(address, GET_PRINTER_ATTRIBUTES, [
    uri('printer-uri', printerUri(query.printer)),
    userName(query.user),
    keywords('requested-attributes', ['printer-state', 'printer-state-message']),
  ]);
  const exchange = await sendIpp(address, printerResource(query.printer), [request], timeoutMs);
  if ('useCommandLine' in exchange) return exchange;
  return isError(exchange.answer) ? {} : exchange;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
