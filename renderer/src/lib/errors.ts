/**
 * The one place where a station error becomes words for the desk. A station error is said one
 * way wherever it lands: messages at the fields it names when it refuses a form's input
 * (`explain`), else one sentence in the station's words with what to do about it (`words`), in a
 * toast when a person's action failed (`handleError`) or where the screen shows it when a read
 * failed (a state class keeps `words(error)`, or `reason(error)` after its own lead-in). Every
 * message goes through `plainWords` on its way: it names a field as the screen labels it, never
 * by the service's path. State classes and screens never read an error's message themselves.
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

/**
 * The station's own message in plain words, without advice: to follow a screen's own lead-in ("The
 * queue could not be read: …"), or where advice about the service would mislead (the page's link
 * to the station itself).
 */
export function reason(error: ApiError): string {
  return plainWords(error.message);
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

/** A station error as a person reads it. */
export interface Explained {
  /** What it says about each field of the form it came from (an input or a refusal error), by path below the prefix. */
  readonly fields: Record<string, string>;
  /** The whole of it in one sentence: said when no field of the form can carry it. */
  readonly words: string;
}

/** Splits a station error into messages at the form's fields (below `fieldPrefix`) and a sentence for the rest. */
export function explain(error: ApiError, fieldPrefix = ''): Explained {
  const fields = error.code === 'invalidInput' || error.code === 'rejected' ? fieldMessages(error.fields, fieldPrefix) : {};
  return { fields, words: words(error) };
}

/** Anything that went wrong, in one sentence: a station error in its words, anything else as this screen's own failure. */
export function describe(error: unknown): string {
  if (error instanceof StationCallError) return words(error.error);
  return `Something went wrong on this screen: ${plainWords(error instanceof Error ? error.message : String(error))}`;
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

/** The form an action was sent from, for its fields to carry what the station says about them. */
export interface FormFields {
  /** Where the form's fields sit in the method's input: `location` for `location.address.city`. */
  readonly prefix?: string;
  /** Whether the form shows a message at this path (below the prefix); every path when left out. */
  readonly shows?: (path: string) => boolean;
}

/**
 * Says what went wrong when a person's action failed. Without a form, in a toast. With the form
 * it was sent from, the messages about fields the form shows are returned for it to show at
 * them; said in a toast instead when the form shows none of them, so no message is lost.
 */
export function handleError(error: unknown, form?: FormFields): Record<string, string> {
  const fields = form !== undefined && error instanceof StationCallError ? explain(error.error, form.prefix).fields : {};
  const shown = Object.fromEntries(Object.entries(fields).filter(([path]) => form?.shows?.(path) ?? true));
  if (Object.keys(shown).length === 0) toast.error(describe(error));
  return shown;
}

/** Says a problem the desk found itself (not the station's error), in a toast like an error's. */
export function sayProblem(problem: string): void {
  toast.error(sentence(problem));
}
