/**
 * One IPP operation to the CUPS scheduler and its decoded answer, shared by every request the
 * backend sends (Print-Job, Get-Job-Attributes, Get-Printer-Attributes, CUPS-Get-Printers,
 * CUPS-Get-Default, Cancel-Job), so that they all fail in the same words when the scheduler cannot
 * be reached, does not answer in time or answers something unreadable, and all hand the work back
 * to the command-line tools when the scheduler wants a login or TLS, which libcups does and this
 * small client does not.
 */
import { PrintBackendError } from '../backend';
import { IppTransportError, postIpp } from './ippHttp';
import { GROUP, IppFormatError, VALUE, decodeMessage, encodeMessage, findValue } from './ippWire';
import type { IppAttribute, IppGroup, IppMessage } from './ippWire';
import { describeScheduler, isLocalScheduler, schedulerDownMessage } from './scheduler';
import type { SchedulerAddress } from './scheduler';

/** The scheduler's answer, or "the command-line tools must do this one" and why. */
export type IppExchange = { readonly answer: IppMessage } | UseCommandLine;
export interface UseCommandLine {
  readonly useCommandLine: string;
}

export const STATUS = {
  notAuthenticated: 0x0402,
  notPossible: 0x0404,
  notFound: 0x0406,
  notAcceptingJobs: 0x0506,
} as const;

const STATUS_NAMES: Readonly<Record<number, string>> = {
  0x0400: 'client-error-bad-request',
  0x0401: 'client-error-forbidden',
  0x0402: 'client-error-not-authenticated',
  0x0403: 'client-error-not-authorized',
  0x0404: 'client-error-not-possible',
  0x0405: 'client-error-timeout',
  0x0406: 'client-error-not-found',
  0x0407: 'client-error-gone',
  0x0408: 'client-error-request-entity-too-large',
  0x040a: 'client-error-document-format-not-supported',
  0x040b: 'client-error-attributes-or-values-not-supported',
  0x0500: 'server-error-internal-error',
  0x0501: 'server-error-operation-not-supported',
  0x0502: 'server-error-service-unavailable',
  0x0503: 'server-error-version-not-supported',
  0x0504: 'server-error-device-error',
  0x0505: 'server-error-temporary-error',
  0x0506: 'server-error-not-accepting-jobs',
  0x0507: 'server-error-busy',
};

/**
 * Characters cupsd never allows in a queue name. Such a name cannot be installed, and cupsd would
 * refuse a request path holding it with HTTP 403 rather than say the printer does not exist.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const NOT_IN_QUEUE_NAMES = /[\x00-\x20\x7f/\\?'"#]/;

let requestCounter = 0;

export function impossibleQueueName(printer: string): boolean {
  return NOT_IN_QUEUE_NAMES.test(printer);
}

/** The request path of a queue; cupsd finds the queue by it (and by printer-uri's path). */
export function printerResource(printer: string): string {
  return `/printers/${encodeURIComponent(printer)}`;
}

/** printer-uri as lp sends it: the host part is not checked by cupsd, the path names the queue. */
export function printerUri(printer: string): string {
  return `ipp://localhost${printerResource(printer)}`;
}

/**
 * A request head: attributes-charset and attributes-natural-language first, as RFC 8011 requires,
 * then the operation's own attributes, then any further groups. English, so that status-message
 * reads as the C-locale text of the CUPS tools.
 */
export function ippRequest(
  address: SchedulerAddress,
  operation: number,
  attributes: readonly IppAttribute[],
  groups: readonly IppGroup[] = [],
): Buffer {
  requestCounter = (requestCounter % 0x7fffffff) + 1;
  return encodeMessage({
    version: address.version,
    code: operation,
    requestId: requestCounter,
    groups: [
      {
        tag: GROUP.operation,
        attributes: [
          { name: 'attributes-charset', tag: VALUE.charset, values: ['utf-8'] },
          { name: 'attributes-natural-language', tag: VALUE.naturalLanguage, values: ['en'] },
          ...attributes,
        ],
      },
      ...groups,
    ],
  });
}

export function keywords(name: string, values: readonly string[]): IppAttribute {
  return { name, tag: VALUE.keyword, values };
}

export function userName(user: string): IppAttribute {
  return { name: 'requesting-user-name', tag: VALUE.name, values: [user] };
}

export function uri(name: string, value: string): IppAttribute {
  return { name, tag: VALUE.uri, values: [value] };
}

/** Sends one request (its head and any document after it) and decodes the answer. */
export async function sendIpp(address: SchedulerAddress, resource: string, parts: readonly Uint8Array[], timeoutMs: number): Promise<IppExchange> {
  const scheduler = describeScheduler(address);
  let answer;
  try {
    answer = await postIpp(address, resource, parts, timeoutMs);
  } catch (error) {
    if (!(error instanceof IppTransportError)) throw error;
    if (error.reason === 'unreachable') {
      throw new PrintBackendError('failed', schedulerDownMessage(address, error.code), isLocalScheduler(address) ? 'notRunning' : 'unreachable');
    }
    if (error.reason === 'timeout') throw new PrintBackendError('failed', `the CUPS scheduler at ${scheduler} ${error.message}`);
    throw new PrintBackendError('failed', `the connection to the CUPS scheduler at ${scheduler} broke off: ${error.message}`);
  }
  // 401: the policy wants a login; 426: the scheduler wants TLS. The CUPS tools know how to do both.
  if (answer.status === 401 || answer.status === 426) return { useCommandLine: `HTTP ${String(answer.status)}` };
  if (answer.status !== 200) throw new PrintBackendError('failed', `the CUPS scheduler at ${scheduler} answered HTTP ${String(answer.status)}`);
  let message: IppMessage;
  try {
    message = decodeMessage(answer.body);
  } catch (error) {
    if (!(error instanceof IppFormatError)) throw error;
    throw new PrintBackendError('failed', `the CUPS scheduler at ${scheduler} gave an unreadable answer: ${error.message}`);
  }
  if (message.code === STATUS.notAuthenticated) return { useCommandLine: 'client-error-not-authenticated' };
  return { answer: message };
}

/** The scheduler's own words for a status (status-message), else the status keyword. */
export function statusDetail(message: IppMessage): string {
  const statusMessage = findValue(message, GROUP.operation, 'status-message');
  if (typeof statusMessage === 'string' && statusMessage !== '') return statusMessage;
  return STATUS_NAMES[message.code] ?? `status 0x${message.code.toString(16).padStart(4, '0')}`;
}

export function isError(message: IppMessage): boolean {
  return message.code >= 0x0100;
}
