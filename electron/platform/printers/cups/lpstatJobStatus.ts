/**
 * Job status from lpstat alone, for machines without ipptool (on Debian and Ubuntu it comes in
 * cups-ipp-utils, which is not always installed). lpstat shows whether a job is still queued and
 * whether its printer is stopped or busy with it, but lists completed, canceled and aborted jobs
 * alike, so a finished job is reported as 'unknown' rather than claimed as printed.
 */
import type { JobStatus } from '../backend';
import { listsJob, parsePrinterStatus } from './parse';
import type { CommandResult } from './run';

export type RunLpstat = (args: readonly string[]) => Promise<CommandResult>;

export const FINISHED_WITHOUT_IPP = 'finished; ipptool (cups-ipp-utils) is needed to tell completed from canceled or aborted';

export async function jobStatusFromLpstat(lpstat: RunLpstat, printer: string, jobId: string): Promise<JobStatus> {
  const active = await lpstat(['-W', 'not-completed', '-o', printer]);
  if (listsJob(active.stdout, jobId)) {
    const queue = parsePrinterStatus((await lpstat(['-p', printer])).stdout).printers.find((p) => p.name === printer);
    if (queue?.state === 'stopped') {
      return { jobId, state: 'pending', reason: ['printer-stopped', queue.message].filter(Boolean).join(': ') };
    }
    const state = queue?.activeJob === jobId ? 'processing' : 'pending';
    return queue?.message !== undefined ? { jobId, state, reason: queue.message } : { jobId, state };
  }
  const finished = await lpstat(['-W', 'completed', '-o', printer]);
  if (listsJob(finished.stdout, jobId)) return { jobId, state: 'unknown', reason: FINISHED_WITHOUT_IPP };
  return { jobId, state: 'unknown', reason: 'job-not-found' };
}
