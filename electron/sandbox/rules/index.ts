/** Business rules of the sandbox: the rule file, the facts it tests, and Apply Business Rule. */
export { loadRuleSet, loadRuleSetText, DEFAULT_PARTIES, MAX_NESTING, RULE_FILE_VERSION } from './ruleSet';
export type { Rule, RuleOutcome, RuleSet } from './ruleSet';
export { DEFAULT_RULE_SET } from './defaultRuleSet';
export { applyBusinessRule, ruleMatches, rulesByPriority, selectRule, INSTRUCTION_SEPARATOR } from './evaluate';
export { deriveFacts, payerOf, FACT_NAMES, FACT_TYPES } from './facts';
export type { FactName, FactType, Facts, Payer } from './facts';
export { conditionHolds, OPERATORS, OPERATORS_BY_TYPE } from './condition';
export type { Comparison, Condition, Operator } from './condition';
export { DERIVED_PARTIES } from './parties';
export type { AddressBook, BookAddress } from './parties';
export { inchesPerUnit, poundsPerUnit } from './units';
