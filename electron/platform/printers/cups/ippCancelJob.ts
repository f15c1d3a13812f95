/**
 * Cancels a job with one IPP Cancel-Job request instead of starting `cancel`. A job that already
 * finished counts as cancelled, as with `cancel`: the caller only wants it gone.
 */
import { PrintBackendError } from '../backend';
import { STATUS, ippRequest, isError, sendIpp, statusDetail, uri, userName } from './ippRequest';
import type { UseCommandLine } from './ippRequest';
import type { SchedulerAddress } from './scheduler';

const CANCEL_JOB = 0x0008;
/** cupsd's words for a job that finished before the request came ("Job #12 is already completed - can't cancel."). */
export const ALREADY_FINISHED = /already (completed|canceled|aborted)/i;

export async function cancelJobOverIpp(
  address: SchedulerAddress,
  job: { readonly jobId: string; readonly id: number; readonly user: string },
  timeoutMs: number,
): Promise<UseCommandLine | undefined> {
  // The job is named by its number alone, as `cancel` names it; the owner is the user cupsd checks.
  const request = ippRequest(address, CANCEL_JOB, [uri('job-uri', `ipp://localhost/jobs/${String(job.id)}`), userName(job.user)]);
  const exchange = await sendIpp(address, '/jobs/', [request], timeoutMs);
  if ('useCommandLine' in exchange) return exchange;
  const { answer } = exchange;
  if (!isError(answer)) return undefined;
  const detail = statusDetail(answer);
  if (answer.code === STATUS.notPossible && ALREADY_FINISHED.test(detail)) return undefined;
  throw new PrintBackendError('failed', `cancel ${job.jobId} failed: ${detail}`);
}
