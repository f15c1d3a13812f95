/**
 * Turning schema failures into messages that name the field, in the service's own form
 * (`shipTo.zipPostalCode is required`). Used by the sandbox to answer 400s, by the client to
 * report a malformed response or a bad input before it is sent, by the store for a row that does
 * not read, and by the vault and the profiles for a damaged file: one wording everywhere.
 */
import type * as z from 'zod';

export interface FieldIssue {
  /** Dotted path with array indexes, e.g. `packages[0].weight`; empty for the body itself. */
  readonly field: string;
  /** A sentence that starts with the field, ready for a person to read. */
  readonly message: string;
  /**
   * Missing, of the wrong JSON type, or present with a value the record does not allow.
   * Checks outside the schemas (a postal code that does not exist) leave it out: a value issue.
   */
  readonly kind?: 'required' | 'type' | 'value';
}

export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly FieldIssue[] };

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

function describeType(expected: string | undefined): string {
  return (expected !== undefined && TYPE_NAMES[expected]) || (expected ?? 'another type');
}

const REQUIRED = 'is required';

/**
 * Per-parse messages: a missing field is "is required", a wrong type says what was expected.
 * Anything else keeps the schema's own message (the contract writes those as predicates:
 * "must be a two-letter ISO country code").
 */
function issueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  // An absent field reaches us as a type or value mismatch against `undefined`.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return REQUIRED;
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'number' && typeof issue.input === 'number') return 'must be a finite number';
    return `must be ${describeType(issue.expected)}`;
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
    const inclusive = issue.inclusive !== false;
    const limit = issue.code === 'too_big' ? (inclusive ? 'at most' : 'less than') : inclusive ? 'at least' : 'more than';
    if (issue.origin === 'array') return `must have ${limit} ${bound} item${bound === 1 ? '' : 's'}`;
    if (issue.origin === 'string') return bound === 1 && issue.code === 'too_small' ? 'must not be empty' : `must be ${limit} ${bound} characters`;
    return `must be ${limit} ${bound}`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'datetime') return 'must be an ISO 8601 date-time with a time zone (e.g. 2026-11-22T14:00:00Z)';
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  return undefined;
}

function toFieldIssue(issue: z.core.$ZodIssue, { subject = 'body', separator = ' ' }: IssueWording): FieldIssue {
  const field = fieldPath(issue.path);
  const text = issue.message.startsWith('Invalid') || issue.message.startsWith('Too') ? issue.message.charAt(0).toLowerCase() + issue.message.slice(1) : issue.message;
  const kind = issue.message === REQUIRED ? 'required' : issue.code === 'invalid_type' ? 'type' : 'value';
  const named = field === '' ? subject : field;
  return { field, message: named === '' ? text : `${named}${separator}${text}`, kind };
}

/** An unknown key of a strict record is an issue of the record; a form wants it on the key itself. */
function unknownKeyIssues(issue: z.core.$ZodIssue): FieldIssue[] | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return issue.keys.map((key) => {
    const field = fieldPath([...issue.path, key]);
    return { field, message: `${field} is not a known field`, kind: 'value' };
  });
}

/** How a message names its field: the service writes `shipTo.city is required`, the store `input: is not valid JSON`. */
export interface IssueWording {
  /** What a problem of the value as a whole is said of: the request `body`, or nothing where the caller names the value itself. */
  readonly subject?: string;
  /** Between the field and the predicate: a space (the service's form) or ': '. */
  readonly separator?: string;
}

/** One issue per problem, each message starting with the field it is about. */
export function describeIssues(error: z.ZodError, wording: IssueWording = {}): FieldIssue[] {
  return error.issues.flatMap((issue) => unknownKeyIssues(issue) ?? [toFieldIssue(issue, wording)]);
}

/** Parses `data` with `schema`, returning the value or one message per problem, never throwing. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(data, { error: issueMessage });
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: describeIssues(result.error) };
}
