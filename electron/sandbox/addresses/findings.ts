/**
 * What validation found, in the service's `validationOptions` form: a field (`key`), a
 * suggested value, a sentence, and how serious it is. The most serious
 * finding decides the status: an Error makes the address Invalid, a Warning Partial.
 */
import type { ValidationOption } from '../../service/contract';

export type MessageType = 'Info' | 'Warning' | 'Error';

export interface Finding {
  readonly key: string;
  readonly value?: string;
  readonly message: string;
  readonly messageType: MessageType;
}

export type ValidationStatus = 'Valid' | 'Partial' | 'Invalid';

function finding(messageType: MessageType, key: string, message: string, value: string | undefined): Finding {
  return value === undefined ? { key, message, messageType } : { key, value, message, messageType };
}

export const info = (key: string, message: string, value?: string): Finding => finding('Info', key, message, value);
export const warning = (key: string, message: string, value?: string): Finding => finding('Warning', key, message, value);
export const error = (key: string, message: string, value?: string): Finding => finding('Error', key, message, value);

export function statusOf(findings: readonly Finding[]): ValidationStatus {
  if (findings.some((f) => f.messageType === 'Error')) return 'Invalid';
  if (findings.some((f) => f.messageType === 'Warning')) return 'Partial';
  return 'Valid';
}

/**
 * A finding as the service's option. Spec 2.7 gives every option a `value` (a suggestion):
 * a finding with no suggestion of its own suggests `standardized`, what the answer's
 * validated address holds for that field.
 */
export function toValidationOption(f: Finding, standardized: string): ValidationOption {
  return { key: f.key, value: f.value ?? standardized, message: f.message, messageType: f.messageType };
}
