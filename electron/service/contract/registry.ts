/**
 * The registry every named record of the contract is entered in. The OpenAPI generator
 * turns each entry into a `components/schemas` item, so a record has one name everywhere.
 */
import * as z from 'zod';

export interface ComponentMeta {
  id: string;
  description?: string;
}

export const contractRegistry = z.registry<ComponentMeta>();

/** Names a record for the published document and returns it unchanged. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  contractRegistry.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}
