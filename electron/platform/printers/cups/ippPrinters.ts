/**
 * The queues from the scheduler itself: one CUPS-Get-Printers request for names, state, message,
 * acceptance and device, and CUPS-Get-Default for the default, instead of three lpstat starts.
 * Each PrinterInfo is what the lpstat path makes of the same scheduler (`lpstat -p -d`, `-a`,
 * `-v`), lpstat's own habits included where they reach the result: a stopped queue with no
 * message says "reason unknown", a message is trimmed, and a queue without a device URI shows its
 * printer URI.
 */
import type { PrinterInfo } from '../backend';
import { PrintBackendError } from '../backend';
import { STATUS, ippRequest, isError, keywords, sendIpp, statusDetail, userName } from './ippRequest';
import type { UseCommandLine } from './ippRequest';
import { GROUP, valueIn } from './ippWire';
import type { IppGroup } from './ippWire';
import type { SchedulerAddress } from './scheduler';

export interface PrinterQuery {
  readonly user: string;
  /** The user's own default (LPDEST, PRINTER, lpoptions); when set, the scheduler's is not asked. */
  readonly userDefault?: string;
}

const CUPS_GET_DEFAULT = 0x4001;
const CUPS_GET_PRINTERS = 0x4002;
/** printer-state enums (RFC 8011 5.4.11). */
const PRINTER_STATES: Readonly<Record<number, PrinterInfo['state']>> = { 3: 'idle', 4: 'printing', 5: 'stopped' };
const REQUESTED = ['printer-name', 'printer-state', 'printer-state-message', 'printer-is-accepting-jobs', 'device-uri', 'printer-uri-supported'];

export async function printersOverIpp(address: SchedulerAddress, query: PrinterQuery, timeoutMs: number): Promise<PrinterInfo[] | UseCommandLine> {
  const [list, fallbackDefault] = await Promise.all([
    sendIpp(address, '/', [ippRequest(address, CUPS_GET_PRINTERS, [userName(query.user), keywords('requested-attributes', REQUESTED)])], timeoutMs),
    query.userDefault === undefined ? schedulerDefault(address, query.user, timeoutMs) : Promise.resolve({ name: query.userDefault }),
  ]);
  if ('useCommandLine' in list) return list;
  if ('useCommandLine' in fallbackDefault) return fallbackDefault;
  // cupsd answers client-error-not-found, "No destinations added.", when it has no queue.
  if (list.answer.code === STATUS.notFound) return [];
  if (isError(list.answer)) throw new PrintBackendError('failed', `CUPS did not list its printers: ${statusDetail(list.answer)}`);
  const printers: PrinterInfo[] = [];
  for (const group of list.answer.groups) {
    if (group.tag !== GROUP.printer) continue;
    const printer = printerInfo(group, fallbackDefault.name);
    if (printer !== undefined) printers.push(printer);
  }
  return printers;
}

async function schedulerDefault(address: SchedulerAddress, user: string, timeoutMs: number): Promise<{ readonly name?: string } | UseCommandLine> {
  const request = ippRequest(address, CUPS_GET_DEFAULT, [userName(user), keywords('requested-attributes', ['printer-name'])]);
  const exchange = await sendIpp(address, '/', [request], timeoutMs);
  if ('useCommandLine' in exchange) return exchange;
  // client-error-not-found: the scheduler has no default, so no queue is the default.
  if (isError(exchange.answer)) return {};
  const name = exchange.answer.groups.find((group) => group.tag === GROUP.printer);
  const value = name === undefined ? undefined : valueIn(name, 'printer-name');
  return typeof value === 'string' ? { name: value } : {};
}

function printerInfo(group: IppGroup, defaultPrinter: string | undefined): PrinterInfo | undefined {
  const name = valueIn(group, 'printer-name');
  if (typeof name !== 'string') return undefined;
  const rawState = valueIn(group, 'printer-state');
  // lpstat takes a queue that does not say its state as idle.
  const state = rawState === undefined ? 'idle' : typeof rawState === 'number' ? (PRINTER_STATES[rawState] ?? 'unknown') : 'unknown';
  const rawMessage = valueIn(group, 'printer-state-message');
  const stateMessage = typeof rawMessage === 'string' ? rawMessage : '';
  // lpstat -p puts "reason unknown" under a stopped queue that gives no reason.
  const message = state === 'stopped' && stateMessage === '' ? 'reason unknown' : stateMessage.trim();
  const device = valueIn(group, 'device-uri') ?? valueIn(group, 'printer-uri-supported');
  return {
    name,
    isDefault: name === defaultPrinter,
    state,
    // lpstat -a takes a queue that does not say otherwise as accepting.
    accepting: valueIn(group, 'printer-is-accepting-jobs') !== false,
    ...(message !== '' ? { message } : {}),
    ...(typeof device === 'string' ? { deviceUri: device } : {}),
  };
}
