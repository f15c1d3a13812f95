/**
 * The one place where a station error becomes words for the desk. A screen hands whatever went
 * wrong to `handleError`; an error that names fields of the form it came from is returned as
 * messages by field (for the form to show at each field), and anything else is said in a toast.
 * Every message goes through `plainWords` on its way: it names a field as the screen labels it,
 * never by the service's path.
 */
import { toast } from 'svelte-sonner';
import type { ApiError, OutboxError } from '../../../electron/api';
import { plainWords } from './fieldWords';
import { StationCallError } from './station';

/** What a person does about each kind of failure, said after the station's own message. */
const ADVICE: Partial<Record<ApiError['code'], string>> = {
  offline: 'The station keeps what was saved and sends it when the service is back.',
  authentication: 'An admin has to fix the connection (Connections).',
  permission: 'This connection may not do that: ask an admin.',
  rateLimited: 'The service asked to slow down: try again in a moment.',
  service: 'The service failed: try again, or call support if it keeps failing.',
  unknownOutcome: 'The station checks with the service before it tries again.',
  printer: 'Check the printer on the Printers screen.',
  internal: 'The details are in the station log.',
};

/** A message as a sentence: in plain words, capitalised, ended with a full stop. */
export function sentence(message: string): string {
  const plain = plainWords(message);
  const capitalised = plain.charAt(0).toUpperCase() + plain.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** A sentence for a person: the station's message in plain words, with advice when there is some. */
export function words(error: ApiError): string {
  const advice = ADVICE[error.code];
  return advice === undefined ? sentence(error.message) : `${sentence(error.message)} ${advice}`;
}

/** Field messages of an error, keyed by the field path below `prefix` (`shipment.shipTo.city` → `shipTo.city`). */
export function fieldMessages(fields: readonly { field?: string | undefined; message: string }[], prefix = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { field, message } of fields) {
    if (field === undefined || field === '') continue;
    const path = prefix !== '' && field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field;
    found[path] ??= plainWords(message);
  }
  return found;
}

/** The field messages of a refusal kept on an outbox item (what the service said about each field). */
export function refusalMessages(error: OutboxError | null): Record<string, string> {
  return fieldMessages(error?.items ?? []);
}

/** A refusal kept on an outbox item, its messages in plain words, for a screen to show as it is. */
export function plainRefusal(error: OutboxError | null): OutboxError | null {
  if (error === null) return null;
  return { ...error, message: plainWords(error.message), ...(error.items === undefined ? {} : { items: error.items.map((item) => ({ ...item, message: plainWords(item.message) })) }) };
}

/**
 * Says what went wrong. Returns the field messages of an input or refusal error (below
 * `fieldPrefix`) for the form to show, and says everything else in a toast.
 */
export function handleError(error: unknown, options: { fieldPrefix?: string; quiet?: boolean } = {}): Record<string, string> {
  if (error instanceof StationCallError) {
    const fields = error.error.code === 'invalidInput' || error.error.code === 'rejected' ? fieldMessages(error.error.fields, options.fieldPrefix) : {};
    if (Object.keys(fields).length === 0 && options.quiet !== true) toast.error(words(error.error));
    return fields;
  }
  if (options.quiet !== true) toast.error(`Something went wrong on this screen: ${plainWords(error instanceof Error ? error.message : String(error))}`);
  return {};
}
