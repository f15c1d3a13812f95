/** What a sandbox handler receives, typed per operation from the contract's table. */
import type * as z from 'zod';
import type { OperationId, OperationResponse, operations } from '../../service/contract';
import type { SandboxDb } from '../state/db';
import type { Principal } from './auth';

type Schema<K extends OperationId, P extends 'body' | 'query'> = (typeof operations)[K][P];

/** The validated request body of an operation (undefined for operations without one). */
export type BodyOf<K extends OperationId> = Schema<K, 'body'> extends z.ZodType ? z.output<Schema<K, 'body'>> : undefined;
export type QueryOf<K extends OperationId> = Schema<K, 'query'> extends z.ZodType ? z.output<Schema<K, 'query'>> : undefined;

export interface RequestContext<K extends OperationId> {
  readonly operation: K;
  /** The `{id}` of the path, decoded. */
  readonly id: string;
  readonly query: QueryOf<K>;
  readonly body: BodyOf<K>;
  readonly principal: Principal;
  readonly now: Date;
}

/** What handlers share: the database, randomness and the sandbox's configuration. */
export interface SandboxServices {
  readonly db: SandboxDb;
  readonly random: () => number;
  /** A new identifier with a readable prefix (`shp_…`, `loc_…`). */
  readonly newId: (prefix: string) => string;
}

export type Handler<K extends OperationId> = (context: RequestContext<K>, services: SandboxServices) => OperationResponse<K> | Promise<OperationResponse<K>>;

export type HandlerTable = { readonly [K in OperationId]: Handler<K> };
