/**
 * Parsers for the text CUPS client tools print in the C locale. CUPS forbids spaces in queue
 * names, so a name is always the first whitespace-free token after the fixed words.
 */
import type { JobState, PrinterInfo } from '../backend';

/** `lp` prints "request id is label4x6-12 (1 file(s))". */
export function parseRequestId(stdout: string): string | undefined {
  return /request id is (\S+) \(/.exec(stdout)?.[1];
}

export interface PrinterStatusLine {
  readonly name: string;
  readonly state: PrinterInfo['state'];
  readonly message?: string;
  /** The job id after "now printing". */
  readonly activeJob?: string;
}

export interface PrinterStatusList {
  readonly printers: readonly PrinterStatusLine[];
  readonly defaultPrinter?: string;
}

/**
 * `lpstat -p -d`: "printer NAME is idle.  enabled since …", "printer NAME is holding new jobs.  …"
 * (idle, held by `cupsdisable --hold`), "printer NAME now printing JOB.  …", "printer NAME disabled
 * since … -"; the indented line after it is the state message (a reason given to cupsdisable, or
 * the backend's last complaint).
 */
export function parsePrinterStatus(stdout: string): PrinterStatusList {
  const printers: { name: string; state: PrinterInfo['state']; message?: string; activeJob?: string }[] = [];
  let defaultPrinter: string | undefined;
  for (const line of stdout.split('\n')) {
    const head = /^printer (\S+) (is idle|is holding new jobs|now printing|disabled since)/.exec(line);
    if (head !== null) {
      const [, name = '', phrase] = head;
      const state = phrase === 'now printing' ? 'printing' : phrase === 'disabled since' ? 'stopped' : 'idle';
      const activeJob = state === 'printing' ? /now printing (\S+?)\.(?:\s|$)/.exec(line)?.[1] : undefined;
      printers.push(activeJob === undefined ? { name, state } : { name, state, activeJob });
      continue;
    }
    const dflt = /^system default destination: (\S+)/.exec(line);
    if (dflt !== null) {
      defaultPrinter = dflt[1];
      continue;
    }
    const last = printers.at(-1);
    const text = line.trim();
    if (last !== undefined && /^\s/.test(line) && text !== '' && last.message === undefined) last.message = text;
  }
  return defaultPrinter === undefined ? { printers } : { printers, defaultPrinter };
}

/** `lpstat -a`: "NAME accepting requests since …" / "NAME not accepting requests since … -". */
export function parseAccepting(stdout: string): Map<string, boolean> {
  const accepting = new Map<string, boolean>();
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (accepting|not accepting) requests/.exec(line);
    if (match?.[1] !== undefined) accepting.set(match[1], match[2] === 'accepting');
  }
  return accepting;
}

/**
 * `lpstat -v`: "device for NAME: URI". lpstat drops the scheme of file: URIs ("///dev/null"),
 * so it is put back to give callers a real URI.
 */
export function parseDevices(stdout: string): Map<string, string> {
  const devices = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = /^device for (\S+): (.+)$/.exec(line);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    const uri = match[2].trim();
    devices.set(match[1], uri.startsWith('/') ? `file:${uri}` : uri);
  }
  return devices;
}

/** `lpstat -o`: one line per job, the job id first ("label4x6-12  root  1024  date"). */
export function listsJob(stdout: string, jobId: string): boolean {
  return stdout.split('\n').some((line) => line.split(/\s/, 1)[0] === jobId);
}

/**
 * `ipptool -tv` prints every attribute as "name (syntax) = value", the request's first and the
 * response's after it, so the last occurrence of a name is the response's. It puts a backslash
 * before `\`, `"` and `[` in values (`say \"hi\"`); that is taken off, so a message reads as
 * the scheduler gave it.
 */
export function parseIppAttributes(stdout: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = /^\s+([a-z0-9-]+) \(([^)]*)\) = (.*)$/.exec(line);
    if (match?.[1] !== undefined && match[3] !== undefined) attributes.set(match[1], match[3].replace(/\\(.)/g, '$1'));
  }
  const status = /^\s+status-code = (\S+)/m.exec(stdout)?.[1];
  if (status !== undefined) attributes.set('status-code', status);
  return attributes;
}

const JOB_STATES: Readonly<Record<string, JobState>> = {
  pending: 'pending',
  'pending-held': 'held',
  processing: 'processing',
  'processing-stopped': 'stopped',
  canceled: 'canceled',
  aborted: 'aborted',
  completed: 'completed',
};

export function jobStateFromIpp(value: string | undefined): JobState {
  return (value !== undefined ? JOB_STATES[value] : undefined) ?? 'unknown';
}

/** "label4x6-12" → 12; plain "12" is accepted too. */
export function numericJobId(jobId: string): number | undefined {
  const match = /(?:^|-)(\d+)$/.exec(jobId);
  return match?.[1] !== undefined ? Number(match[1]) : undefined;
}
