/** The read-only shipment questions: Rate Shop, Address Validation, Apply Business Rule. */
import { postalCodeIssues, validateAddress as validate } from '../addresses';
import { rateShop as shop } from '../rating';
import { applyBusinessRule, type RuleSet } from '../rules';
import type { Handler } from '../server/context';
import { ServiceFailure, issuesToItems } from '../server/failures';
import { shipDateIssues, shipmentIssues } from './shipments';

export const rateShop: Handler<'rateShop'> = ({ body, now }) => {
  const issues = [...shipDateIssues(body.shipDate, now), ...postalCodeIssues(body.shipFrom, 'shipFrom'), ...postalCodeIssues(body.shipTo, 'shipTo')];
  if (issues.length > 0) throw ServiceFailure.many(issuesToItems(issues, 'InvalidShipment'));
  const result = shop(body, now);
  if (!result.ok) throw ServiceFailure.many(result.errors);
  return result.value;
};

export const validateAddress: Handler<'validateAddress'> = ({ body }) => validate(body.address);

export function applyRule(ruleSet: RuleSet): Handler<'applyRule'> {
  return ({ body, now }) => {
    const issues = shipmentIssues(body, now);
    if (issues.length > 0) throw ServiceFailure.many(issuesToItems(issues, 'InvalidShipment'));
    return applyBusinessRule(body, ruleSet);
  };
}
