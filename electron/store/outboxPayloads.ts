/**
 * Checking an outbox payload against what its kind carries (the station API's OUTBOX_PAYLOADS),
 * when it is written and when it is loaded to be sent.
 */
import type * as z from 'zod';
import { OUTBOX_PAYLOADS, type OutboxEntry, type OutboxKind } from '../api/outbox';

function issueLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field === '' ? issue.message : `${field}: ${issue.message}`;
  });
}

export type PayloadCheck = { readonly ok: true; readonly entry: OutboxEntry } | { readonly ok: false; readonly problems: string[] };

/** The payload parsed as `kind`'s, or the problems that keep it from being sent. */
export function checkPayload(kind: OutboxKind, stationRef: string, payload: unknown): PayloadCheck {
  const parsed = OUTBOX_PAYLOADS[kind].safeParse(payload);
  if (!parsed.success) return { ok: false, problems: issueLines(parsed.error) };
  // The schema of `kind` parsed it: the pair is that kind's entry.
  const entry = { kind, payload: parsed.data } as OutboxEntry;
  if (entry.kind === 'createShipment') {
    // The duplicate check after a lost answer searches by this reference: it must be there.
    const sent = entry.payload.references?.stationRef;
    if (sent !== stationRef) return { ok: false, problems: [`references.stationRef must be ${stationRef}, not ${sent === undefined ? 'missing' : sent}`] };
  }
  return { ok: true, entry };
}
