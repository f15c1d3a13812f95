/** Wording shared by the rule-file schemas, in the contract's style: the field, then a predicate. */
import type * as z from 'zod';

/** A problem found by a rule-file check, with its path relative to the value checked. */
export interface Issue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export const quoted = (values: readonly string[]): string => values.map((value) => JSON.stringify(value)).join(', ');

/** Strict objects report an unknown key on the object itself, so the message names the key. */
export const unknownKeys = (issue: z.core.$ZodRawIssue): string | undefined =>
  issue.code === 'unrecognized_keys' ? `has an unknown field ${quoted(issue.keys)}` : undefined;
