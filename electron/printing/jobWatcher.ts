/**
 * What a spooler's answer about a submitted job means for the desk. Only `completed` from the
 * spooler counts as printed; a job that waits too long is a failure with a reason a person can act
 * on, because a label that silently never prints holds up the truck.
 */
import type { JobStatus } from '../platform/printers/backend';

/** A job showing a connection problem gets this long to recover (a printer waking from sleep). */
export const CONNECTION_GRACE_MS = 4_000;
/** Any job not completed by now is reported: the desk is told within 15 s, polling included. */
export const GIVE_UP_MS = 12_000;
/**
 * Each page after the first adds this much: a batch's job of hundreds of labels takes the spooler
 * and a thermal printer about a second a label (6 inches at 6 inches a second).
 */
export const GIVE_UP_PER_PAGE_MS = 1_000;

/** How long a job of `pages` pages may take before it is reported. */
export function giveUpAfterMs(pages: number): number {
  return GIVE_UP_MS + Math.max(0, Math.floor(pages) - 1) * GIVE_UP_PER_PAGE_MS;
}

export type Verdict =
  | { readonly outcome: 'completed' }
  | { readonly outcome: 'failed'; readonly message: string }
  | { readonly outcome: 'waiting' };

/** Words a spooler uses when it cannot reach a printer: its device is off, unplugged or gone from the network. */
export const CONNECTION_TROUBLE = /may not exist or is unavailable|unable to connect|connection refused|unable to locate printer|network host .* is busy|host is down|no route to host|timed out|offline/i;

/** The text a person needs from a reason such as "printer-stopped: out of labels". */
function reasonText(reason: string | undefined, keyword?: string): string {
  const text = (reason ?? '').trim();
  if (keyword !== undefined && text.startsWith(`${keyword}:`)) return text.slice(keyword.length + 1).trim() || keyword;
  const colon = text.indexOf(': ');
  return colon > 0 && /^[a-z-]+(,[a-z-]+)*$/.test(text.slice(0, colon)) ? text.slice(colon + 2) : text;
}

/** Judges one poll of a job of `pages` pages sent `elapsedMs` ago to `printer`. */
export function judgeJob(printer: string, status: JobStatus, elapsedMs: number, pages = 1): Verdict {
  const reason = status.reason ?? '';
  switch (status.state) {
    case 'completed':
      return { outcome: 'completed' };
    case 'aborted':
    case 'canceled':
      return { outcome: 'failed', message: `The printer aborted the job (${status.state}${reason ? `: ${reasonText(reason)}` : ''}): reprint it` };
    case 'unknown':
      return status.reason === 'job-not-found'
        ? { outcome: 'failed', message: `Printer ${printer} no longer knows the job: check the printer, then reprint` }
        : { outcome: 'failed', message: `Printer ${printer} could not confirm the job printed (${reason || 'no status'}): check the label, then reprint if needed` };
    default:
      break;
  }
  if (status.state === 'stopped' || /printer-stopped/.test(reason)) {
    const why = reasonText(reason, 'printer-stopped') || 'stopped';
    return { outcome: 'failed', message: `Printer ${printer} is paused (${why}): resume it, then reprint` };
  }
  const connection = CONNECTION_TROUBLE.test(reason);
  if ((connection && elapsedMs >= CONNECTION_GRACE_MS) || elapsedMs >= giveUpAfterMs(pages)) {
    const why = connection ? reasonText(reason) : `not printed after ${String(Math.round(elapsedMs / 1000))} s${reason ? `; ${reasonText(reason)}` : ''}`;
    return { outcome: 'failed', message: `Printer ${printer} cannot be reached (${why}): check its power and cable, then reprint` };
  }
  return { outcome: 'waiting' };
}

/** When the spooler cannot even be asked, the job is judged on time alone. */
export function judgeUnanswered(printer: string, error: string, elapsedMs: number, pages = 1): Verdict {
  if (elapsedMs < giveUpAfterMs(pages)) return { outcome: 'waiting' };
  return { outcome: 'failed', message: `Printer ${printer} cannot be reached (the print system did not answer: ${error}): check its power and cable, then reprint` };
}

/** The quickest the spooler is asked again about a job just sent. */
export const FIRST_POLL_MS = 25;

/**
 * How long to wait before asking the spooler again, given the ages of the jobs still out. A label
 * on a thermal printer is usually done within a fraction of a second of being sent, and the desk
 * waits on it, so a young job is asked about often; an older one less and less (a quarter of its
 * age), never less often than every `pollMs`. With nothing out, the spooler is not asked until
 * `pollMs` has passed.
 */
export function nextPollDelay(jobAgesMs: readonly number[], pollMs: number): number {
  const youngest = Math.min(...jobAgesMs.map((age) => Math.max(0, age)));
  if (!Number.isFinite(youngest)) return pollMs;
  return Math.min(pollMs, Math.max(FIRST_POLL_MS, Math.round(youngest / 4)));
}
