/** Apply Business Rule: the body is a Create Shipment body, the answer names the rule. */
import * as z from 'zod';
import { named } from './registry';

export const RuleParty = named(
  'RuleParty',
  z.looseObject({
    party: z.string().optional(),
    companyName: z.string().optional(),
    address1: z.string().optional(),
    city: z.string().optional(),
    stateProvince: z.string().optional(),
    country: z.string().optional(),
    zipPostalCode: z.string().optional(),
  }),
);
export type RuleParty = z.infer<typeof RuleParty>;

export const ApplyRuleResponse = named(
  'ApplyRuleResponse',
  z.looseObject({
    success: z.boolean().optional(),
    ruleId: z.string().optional(),
    ruleName: z.string().optional(),
    carrierAccount: z.string().optional(),
    specialService: z.string().optional(),
    shipMethod: z.string().optional(),
    instructions: z.string().optional(),
    parties: z.array(RuleParty).optional(),
  }),
);
export type ApplyRuleResponse = z.infer<typeof ApplyRuleResponse>;
