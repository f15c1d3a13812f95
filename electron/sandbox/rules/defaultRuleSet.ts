/**
 * The rule set the sandbox ships with (resources/sandbox/business-rules.json). It is bundled
 * as data rather than written as code so that the same file can be copied, edited and passed
 * back with `--rules FILE`; it goes through the same loader as any edited file.
 */
import shippedRules from '../../../resources/sandbox/business-rules.json' with { type: 'json' };
import { loadRuleSet } from './ruleSet';
import type { RuleSet } from './ruleSet';

function shippedRuleSet(): RuleSet {
  const loaded = loadRuleSet(shippedRules);
  if (loaded.ok) return loaded.value;
  // The shipped file is part of the program, and its tests load it: reaching this is a build defect.
  throw new Error(`resources/sandbox/business-rules.json is invalid: ${loaded.issues.map((issue) => issue.message).join('; ')}`);
}

export const DEFAULT_RULE_SET: RuleSet = shippedRuleSet();
