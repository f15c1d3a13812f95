/** Wording shared by the rule-file schemas, in the contract's style: the field, then a predicate. */

/** A problem found by a rule-file check, with its path relative to the value checked. */
export interface Issue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export const quoted = (values: readonly string[]): string => values.map((value) => JSON.stringify(value)).join(', ');
