/**
 * The rule file: its schema and its loader. A rule set is data a packing desk edits, so the
 * loader checks everything that would otherwise fail (or quietly never match) at evaluation
 * time, and says which rule and which field is wrong.
 */
import * as z from 'zod';
import type { Issue } from './schemaMessages';
import { parseWith } from '../../service/contract';
import type { FieldIssue, ParseResult } from '../../service/contract';
import { ConditionSchema } from './condition';
import type { Condition } from './condition';
import { DERIVED_PARTIES, IMPORTER_KEY } from './parties';
import type { AddressBook } from './parties';
import { messageOf } from '../../base/errors';

export const RULE_FILE_VERSION = 1;

/** What a rule lists when it does not say: who sends, who receives, who pays. */
export const DEFAULT_PARTIES = ['SHIPPER', 'CONSIGNEE', 'BILL_TO'] as const;

/** Nesting beyond this is refused before parsing, so a hostile file cannot exhaust the stack. */
export const MAX_NESTING = 64;

export interface RuleOutcome {
  readonly carrierAccount?: string | undefined;
  readonly specialService?: string | undefined;
  readonly shipMethod?: string | undefined;
  readonly instructions: readonly string[];
  readonly parties: readonly string[];
}

export interface Rule {
  readonly id: string;
  readonly name: string;
  readonly priority: number;
  readonly description?: string | undefined;
  /** Absent: the rule matches every shipment (a catch-all). */
  readonly when?: Condition | undefined;
  readonly then: RuleOutcome;
}

export interface RuleSet {
  readonly version: typeof RULE_FILE_VERSION;
  readonly description?: string | undefined;
  readonly addressBook: AddressBook;
  /** In file order; evaluation orders them by priority. */
  readonly rules: readonly Rule[];
}

const Text = z.string().trim().min(1);

const PARTY_NAME = /^[A-Z][A-Z0-9_]*$/;
const PARTY_NAME_RULE = 'must be an upper-case party name such as SHIPPER or CUSTOMS_BROKER';
const PartyName = z.string().regex(PARTY_NAME, PARTY_NAME_RULE);

const BookAddressSchema = z.strictObject(
  { companyName: Text, address1: Text, city: Text, stateProvince: Text, country: Text, zipPostalCode: Text },
);

const OutcomeSchema = z.strictObject(
  {
    carrierAccount: z.string().optional(),
    specialService: z.string().optional(),
    shipMethod: z.string().optional(),
    instructions: z.array(Text).default([]),
    parties: z.array(PartyName).default([...DEFAULT_PARTIES]),
  },
);

const RuleSchema = z.strictObject(
  {
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dots, hyphens or underscores (e.g. "dangerous-goods")'),
    name: Text,
    priority: z.number().int(),
    description: z.string().optional(),
    when: ConditionSchema.optional(),
    then: OutcomeSchema,
  },
);

const RawRuleSet = z.strictObject(
  {
    version: z.literal(RULE_FILE_VERSION, { error: (issue) => (issue.input === undefined ? undefined : `must be ${RULE_FILE_VERSION}, the only rule-file version this sandbox reads`) }),
    description: z.string().optional(),
    addressBook: z.record(z.string(), BookAddressSchema).default({}),
    rules: z.array(RuleSchema).min(1),
  },
);

type RawRuleSet = z.output<typeof RawRuleSet>;
const DERIVED: readonly string[] = DERIVED_PARTIES;

function addressBookIssues(book: RawRuleSet['addressBook']): Issue[] {
  return Object.keys(book).flatMap((key): Issue[] => {
    // Checked here rather than by the record's key schema, whose message cannot name the key.
    if (!PARTY_NAME.test(key)) return [{ path: ['addressBook', key], message: `is not a valid key: ${PARTY_NAME_RULE}` }];
    // IMPORTER_OF_RECORD may name the agent that imports DDP shipments; the others are the shipment's own.
    if (DERIVED.includes(key) && key !== IMPORTER_KEY) return [{ path: ['addressBook', key], message: `cannot be set: ${key} is taken from the shipment` }];
    return [];
  });
}

function partyIssues(set: RawRuleSet, ruleIndex: number): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  set.rules[ruleIndex]?.then.parties.forEach((party, partyIndex) => {
    const path = ['rules', ruleIndex, 'then', 'parties', partyIndex];
    if (seen.has(party)) issues.push({ path, message: `repeats ${party}` });
    else if (!DERIVED.includes(party) && set.addressBook[party] === undefined) {
      issues.push({ path, message: `must be one of ${DERIVED_PARTIES.join(', ')} or a key of addressBook, not ${JSON.stringify(party)}` });
    }
    seen.add(party);
  });
  return issues;
}

/** Checks that span rules: unique ids, known party names, and a rule that always answers. */
function crossRuleIssues(set: RawRuleSet): Issue[] {
  const issues = addressBookIssues(set.addressBook);
  const firstIndexOf = new Map<string, number>();
  set.rules.forEach((rule, index) => {
    const earlier = firstIndexOf.get(rule.id);
    if (earlier !== undefined) issues.push({ path: ['rules', index, 'id'], message: `repeats the id of rules[${earlier}] (${JSON.stringify(rule.id)})` });
    else firstIndexOf.set(rule.id, index);
    issues.push(...partyIssues(set, index));
  });
  if (!set.rules.some((rule) => rule.when === undefined)) {
    issues.push({ path: ['rules'], message: 'must include a catch-all rule (one without "when") so that every shipment gets an answer' });
  }
  return issues;
}

const RuleSetSchema = RawRuleSet.transform((set, ctx): RuleSet => {
  for (const issue of crossRuleIssues(set)) ctx.issues.push({ code: 'custom', message: issue.message, input: set, path: [...issue.path] });
  const { version, description, addressBook, rules } = set;
  return { version, description, addressBook, rules };
});

/** The path of the first value nested deeper than `limit`, if any (an explicit stack: no recursion). */
function tooDeep(value: unknown, limit: number): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.depth > limit) return top.path;
    if (typeof top.value !== 'object' || top.value === null) continue;
    for (const [key, child] of Object.entries(top.value)) {
      const path = Array.isArray(top.value) ? `${top.path}[${key}]` : top.path === '' ? key : `${top.path}.${key}`;
      stack.push({ value: child, depth: top.depth + 1, path });
    }
  }
  return undefined;
}

/** Checks a parsed rule file (JSON already read) and returns the rule set or every problem in it. */
export function loadRuleSet(json: unknown): ParseResult<RuleSet> {
  const deep = tooDeep(json, MAX_NESTING);
  if (deep !== undefined) return { ok: false, issues: [{ field: deep, message: `${deep} is nested more than ${MAX_NESTING} levels deep` }] };
  return parseWith(RuleSetSchema, json);
}

/** Reads a rule file's text (e.g. from `--rules FILE`): a JSON syntax error is one issue. */
export function loadRuleSetText(text: string): ParseResult<RuleSet> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = messageOf(error);
    const issue: FieldIssue = { field: '', message: `rule file is not valid JSON: ${reason}` };
    return { ok: false, issues: [issue] };
  }
  return loadRuleSet(json);
}
