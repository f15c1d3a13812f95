/**
 * Apply Business Rule: the highest-priority rule whose condition holds decides the answer.
 * Rules are not combined: one rule answers, so the answer can always be traced to one
 * entry of the rule file (a shipment that needs two rules' treatment gets a rule of its own).
 */
import type { ApplyRuleResponse, ShipmentCreate } from '../../service/contract';
import { conditionHolds } from './condition';
import { deriveFacts } from './facts';
import type { Facts } from './facts';
import { resolveParties } from './parties';
import type { Rule, RuleSet } from './ruleSet';

/** Instructions travel as one string, one instruction per line. */
export const INSTRUCTION_SEPARATOR = '\n';

/** Highest priority first; rules of equal priority keep their file order (the sort is stable). */
export function rulesByPriority(ruleSet: RuleSet): readonly Rule[] {
  return [...ruleSet.rules].sort((a, b) => b.priority - a.priority);
}

export function ruleMatches(rule: Rule, facts: Facts): boolean {
  return rule.when === undefined || conditionHolds(rule.when, facts);
}

/** The winning rule for `facts`; undefined only for a set without a catch-all (the loader refuses those). */
export function selectRule(ruleSet: RuleSet, facts: Facts): Rule | undefined {
  return rulesByPriority(ruleSet).find((rule) => ruleMatches(rule, facts));
}

/**
 * The answer for `shipment`. A rule that leaves carrierAccount or shipMethod unset keeps the
 * shipment's own; every string field is present (empty when there is nothing to say) so a
 * client can show the answer without guarding each field.
 */
export function applyBusinessRule(shipment: ShipmentCreate, ruleSet: RuleSet): ApplyRuleResponse {
  const facts = deriveFacts(shipment);
  const rule = selectRule(ruleSet, facts);
  const info = shipment.shipmentInfo;
  if (rule === undefined) {
    return { success: true, ruleId: '', ruleName: '', carrierAccount: info.carrierAccount ?? '', specialService: '', shipMethod: info.shipMethod, instructions: '', parties: [] };
  }
  const outcome = rule.then;
  return {
    success: true,
    ruleId: rule.id,
    ruleName: rule.name,
    carrierAccount: outcome.carrierAccount ?? info.carrierAccount ?? '',
    specialService: outcome.specialService ?? '',
    shipMethod: outcome.shipMethod ?? info.shipMethod,
    instructions: outcome.instructions.join(INSTRUCTION_SEPARATOR),
    parties: resolveParties(outcome.parties, shipment, facts, ruleSet.addressBook),
  };
}
