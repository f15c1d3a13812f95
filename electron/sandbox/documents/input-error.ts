/** The one error a document renderer throws for bad input: every problem, each naming its field. */
import { parseWith } from '../../service/contract';
import type { FieldIssue } from '../../service/contract';
import type * as z from 'zod';

export class DocumentInputError extends Error {
  constructor(readonly issues: readonly FieldIssue[]) {
    super(issues.map((issue) => issue.message).join('; '));
    this.name = 'DocumentInputError';
  }
}

/** Parses a renderer's input or throws a `DocumentInputError` listing what is wrong. */
export function parseDocumentInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseWith(schema, input);
  if (!result.ok) throw new DocumentInputError(result.issues);
  return result.value;
}
