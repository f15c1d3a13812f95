/**
 * Reading rows at the edge: every row that leaves a query module is parsed with zod, so a
 * damaged or hand-edited row is reported by table, column and field instead of travelling
 * on as a wrong type. JSON columns hold the service's records as they came.
 */
import * as z from 'zod';
import { describeIssues as fieldIssues } from '../base/issues';
import { StoreInputError, StoreRowError } from './errors';

/** One line per problem, `field: what is wrong`; the caller names the value (`setting scale: …`). */
function describeIssues(error: z.ZodError): string[] {
  return fieldIssues(error, { subject: '', separator: ': ' }).map((issue) => issue.message);
}

/** Parses a row with `schema`; `where` names it in the error ("shipments row PB-1-…"). */
export function parseRow<T extends z.ZodType>(schema: T, row: unknown, where: string): z.output<T> {
  const parsed = schema.safeParse(row);
  if (!parsed.success) throw new StoreRowError(where, describeIssues(parsed.error));
  return parsed.data;
}

/** Checks what a caller asks to write; `what` names the value in the error. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoreInputError(what, describeIssues(parsed.error));
  return parsed.data;
}

/** The `safeParse` issues of a value as readable lines, for callers that decide themselves. */
export function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : describeIssues(parsed.error);
}

/** Reads JSON text into `schema`, reporting bad JSON and each bad field as issues of the column. */
function readJsonInto<T extends z.ZodType>(schema: T, text: string, ctx: z.RefinementCtx): z.output<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
    return z.NEVER;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const line of describeIssues(parsed.error)) ctx.addIssue({ code: 'custom', message: line });
    return z.NEVER;
  }
  return parsed.data;
}

/** A TEXT column holding JSON, read into `schema`. */
export function jsonColumn<T extends z.ZodType>(schema: T) {
  return z.string().transform((text, ctx): z.output<T> => readJsonInto(schema, text, ctx));
}

/** A nullable TEXT column holding JSON. */
export function nullableJsonColumn<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .nullable()
    .transform((text, ctx): z.output<T> | null => (text === null ? null : readJsonInto(schema, text, ctx)));
}

/** SQLite has no boolean: flags are INTEGER 0 or 1. */
export const flagColumn = z.union([z.literal(0), z.literal(1)]).transform((flag) => flag === 1);

/** JSON text of a value for a TEXT column (null stays SQL NULL). */
export function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
