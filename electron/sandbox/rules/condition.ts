/**
 * The condition language of a rule file: `all`, `any`, `not` and comparisons of a fact
 * with a value. The schema checks each comparison against the fact's type when the file is
 * loaded, so a rule that could never be evaluated (`shipToCountry > 5`) is refused with a
 * message naming its field instead of silently never matching.
 */
import * as z from 'zod';
import { quoted } from './schemaMessages';
import type { Issue } from './schemaMessages';
import { FACT_NAMES, FACT_TYPES } from './facts';
import type { FactName, FactType, FactValue, Facts } from './facts';

export const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'in', 'contains'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Which operators make sense for each type of fact. */
export const OPERATORS_BY_TYPE: Readonly<Record<FactType, readonly Operator[]>> = {
  number: ['=', '!=', '>', '>=', '<', '<=', 'in'],
  boolean: ['=', '!='],
  text: ['=', '!=', 'in', 'contains'],
  list: ['contains'],
};

export type ComparisonValue = number | string | boolean | readonly number[] | readonly string[];

export interface Comparison {
  readonly fact: FactName;
  readonly op: Operator;
  readonly value: ComparisonValue;
}

/** Same shape as the JSON, so a loaded rule set can be written back unchanged. */
export type Condition =
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] }
  | { readonly not: Condition }
  | Comparison;

const FORMS = ['all', 'any', 'not', 'fact'] as const;


const KnownFact = z.enum(FACT_NAMES, {
  error: (issue) => (issue.input === undefined ? undefined : `must name a known fact (${FACT_NAMES.join(', ')}), not ${JSON.stringify(issue.input)}`),
});

function scalarOf(type: FactType, value: unknown): number | string | boolean | undefined {
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  return typeof value === 'string' ? value : undefined;
}

const EXPECTED: Readonly<Record<FactType, string>> = { number: 'a number', boolean: 'true or false', text: 'a string', list: 'a string' };
const EXPECTED_LIST: Readonly<Record<FactType, string>> = { number: 'numbers', boolean: 'booleans', text: 'strings', list: 'strings' };

/** The comparison's value in its typed form, or the issue that stops it. */
function checkValue(fact: FactName, op: Operator, value: unknown): ComparisonValue | Issue {
  const type = FACT_TYPES[fact];
  if (op === 'in') {
    const items = Array.isArray(value) ? (value as readonly unknown[]) : undefined;
    if (items === undefined || items.length === 0) return { path: ['value'], message: `must be a non-empty list of ${EXPECTED_LIST[type]} for "in"` };
    if (type === 'number') {
      const numbers = items.filter((item): item is number => typeof item === 'number' && Number.isFinite(item));
      if (numbers.length === items.length) return numbers;
    } else {
      const strings = items.filter((item): item is string => typeof item === 'string');
      if (strings.length === items.length) return strings;
    }
    return { path: ['value'], message: `must be a non-empty list of ${EXPECTED_LIST[type]} for "in"` };
  }
  const scalar = scalarOf(type, value);
  if (scalar === undefined) return { path: ['value'], message: `must be ${EXPECTED[type]} (${fact} is a ${type} fact)` };
  return scalar;
}

const RawCondition = z.strictObject(
  {
    all: z.array(z.lazy(() => ConditionSchema)).optional(),
    any: z.array(z.lazy(() => ConditionSchema)).optional(),
    not: z.lazy(() => ConditionSchema).optional(),
    fact: KnownFact.optional(),
    op: z.enum(OPERATORS).optional(),
    value: z.unknown().optional(),
  },
);
type RawCondition = z.output<typeof RawCondition>;

/** Turns a structurally valid condition into its typed form, or lists what is wrong with it. */
function typedCondition(raw: RawCondition): Condition | Issue {
  const present = FORMS.filter((form) => raw[form] !== undefined);
  const [form] = present;
  if (form === undefined) return { path: [], message: `must have one of the keys ${FORMS.join(', ')}` };
  if (present.length > 1) return { path: [], message: `must have only one of the keys ${FORMS.join(', ')} (found ${present.join(', ')})` };
  if (form !== 'fact') {
    const stray = (['op', 'value'] as const).find((key) => raw[key] !== undefined);
    if (stray !== undefined) return { path: [stray], message: `belongs to a fact comparison, not to an "${form}" condition` };
  }
  if (raw.all !== undefined) return { all: raw.all };
  if (raw.any !== undefined) return { any: raw.any };
  if (raw.not !== undefined) return { not: raw.not };
  const { fact, op } = raw;
  if (fact === undefined) return { path: [], message: `must have one of the keys ${FORMS.join(', ')}` };
  if (op === undefined) return { path: ['op'], message: 'is required' };
  const type = FACT_TYPES[fact];
  const allowed = OPERATORS_BY_TYPE[type];
  if (!allowed.includes(op)) return { path: ['op'], message: `must be one of ${quoted(allowed)} for the ${type} fact ${fact}` };
  if (raw.value === undefined) return { path: ['value'], message: 'is required' };
  const value = checkValue(fact, op, raw.value);
  return typeof value === 'object' && 'message' in value ? value : { fact, op, value };
}

function isIssue(value: Condition | Issue): value is Issue {
  return 'message' in value;
}

export const ConditionSchema: z.ZodType<Condition> = RawCondition.transform((raw, ctx) => {
  const result = typedCondition(raw);
  if (!isIssue(result)) return result;
  ctx.issues.push({ code: 'custom', message: result.message, input: raw, path: [...result.path] });
  return z.NEVER;
});

function sameText(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

function isScalar(value: ComparisonValue): value is number | string | boolean {
  return typeof value !== 'object';
}

function equals(actual: FactValue, expected: number | string | boolean): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') return sameText(actual, expected);
  return actual === expected;
}

function compareNumbers(actual: FactValue, op: '>' | '>=' | '<' | '<=', expected: ComparisonValue): boolean {
  if (typeof actual !== 'number' || typeof expected !== 'number') return false;
  if (op === '>') return actual > expected;
  if (op === '>=') return actual >= expected;
  if (op === '<') return actual < expected;
  return actual <= expected;
}

/** Text contains a substring; a list contains a member. */
function contains(actual: FactValue, expected: ComparisonValue): boolean {
  if (typeof expected !== 'string') return false;
  if (typeof actual === 'string') return actual.toUpperCase().includes(expected.toUpperCase());
  if (typeof actual === 'object') return actual.some((item) => sameText(item, expected));
  return false;
}

function holds(comparison: Comparison, facts: Facts): boolean {
  const actual: FactValue = facts[comparison.fact];
  const expected = comparison.value;
  switch (comparison.op) {
    case '=':
      return isScalar(expected) && equals(actual, expected);
    case '!=':
      return isScalar(expected) && !equals(actual, expected);
    case 'in':
      return !isScalar(expected) && expected.some((item) => equals(actual, item));
    case 'contains':
      return contains(actual, expected);
    default:
      return compareNumbers(actual, comparison.op, expected);
  }
}

/** Whether `condition` is true of `facts`. Text compares without regard to case. */
export function conditionHolds(condition: Condition, facts: Facts): boolean {
  if ('all' in condition) return condition.all.every((part) => conditionHolds(part, facts));
  if ('any' in condition) return condition.any.some((part) => conditionHolds(part, facts));
  if ('not' in condition) return !conditionHolds(condition.not, facts);
  return holds(condition, facts);
}
