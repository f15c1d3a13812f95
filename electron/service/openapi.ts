/**
 * Builds the OpenAPI 3.1 document of the service from the contract. Pure: the CLI in
 * electron/tools writes it to resources/openapi.json, and a test checks the file is current.
 */
import * as z from 'zod';
import {
  COMMON_ERROR_CODES,
  ERROR_STATUS,
  contractRegistry,
  operations,
  tokenEndpoints,
  API_KEY_HEADER,
  type ErrorCode,
  type OperationSpec,
} from './contract';

type Json = Record<string, unknown>;

const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });

function componentId(schema: z.ZodType): string {
  const id = contractRegistry.get(schema)?.id;
  if (id === undefined) throw new Error('every schema used by an operation must be named in the contract registry');
  return id;
}

function componentSchemas(): Json {
  const { schemas } = z.toJSONSchema(contractRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
    unrepresentable: 'any',
  });
  const out: Json = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // Components live inside the document: their own $schema and $id would re-root them.
    const { $schema: _schema, $id: _id, ...rest } = schema;
    out[id] = rest;
  }
  return out;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'The request is invalid: each error names the field.',
  401: 'Missing, invalid or expired credentials (AuthenticationFailed).',
  403: 'The credential may not perform this action (PermissionDenied).',
  404: 'The shipment or location does not exist.',
  409: 'The shipment is in a state that does not allow this action.',
  429: 'Too many requests for this credential this minute; wait for Retry-After seconds.',
  503: 'The service is unavailable; try again later.',
};

function errorResponses(op: OperationSpec): Json {
  const codes: ErrorCode[] = [...COMMON_ERROR_CODES, ...op.errorCodes, 'ServiceUnavailable'];
  const statuses = new Set([400, 401, 403, 404, 429, ...codes.map((code) => ERROR_STATUS[code])]);
  const out: Json = {};
  for (const status of [...statuses].sort()) {
    const response: Json = {
      description: STATUS_TEXT[status] ?? 'Failure.',
      content: { 'application/json': { schema: ref('ErrorEnvelope') } },
    };
    if (status === 429) {
      response.headers = { 'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer', minimum: 0 } } };
    }
    out[String(status)] = response;
  }
  return out;
}

function parameters(op: OperationSpec): Json[] {
  const params: Json[] = [];
  if (op.path.includes('{id}')) params.push({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
  if (op.query !== null) {
    const query = z.toJSONSchema(op.query, { io: 'output', unrepresentable: 'any' }) as { properties?: Json; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      params.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return params;
}

function operationObject(id: string, op: OperationSpec): Json {
  const object: Json = {
    operationId: id,
    summary: op.title,
    tags: [op.tag],
    security: [{ apiKey: [] }, { oauth2: [] }, { bearerToken: [] }],
    responses: {
      '200': { description: 'Success.', content: { 'application/json': { schema: ref(componentId(op.response)) } } },
      ...errorResponses(op),
    },
  };
  const params = parameters(op);
  if (params.length > 0) object.parameters = params;
  if (op.body !== null) {
    object.requestBody = { required: true, content: { 'application/json': { schema: ref(componentId(op.body)) } } };
  }
  const notes: string[] = [];
  if (op.batch) notes.push('Answers one result per item; a failed item does not stop the others.');
  if (!op.idempotent) notes.push('Not idempotent: after a lost answer, look the record up before sending again.');
  if (notes.length > 0) object.description = notes.join(' ');
  return object;
}

export interface OpenApiOptions {
  /** Default for the {base_url} server variable. */
  readonly baseUrl: string;
  /** Default for the {auth_url} server variable (the OAuth token address has no /v1). */
  readonly authUrl: string;
}

export function buildOpenApiDocument(options: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  for (const [id, op] of Object.entries(operations) as [string, OperationSpec][]) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(id, op);
  }

  const { oauthToken, bearerToken } = tokenEndpoints;
  paths[oauthToken.path] = {
    servers: [{ url: '{auth_url}', variables: { auth_url: { default: options.authUrl } } }],
    post: {
      operationId: 'oauthToken',
      summary: oauthToken.title,
      tags: ['Authentication'],
      security: [],
      requestBody: { required: true, content: { [oauthToken.contentType]: { schema: ref(componentId(oauthToken.body)) } } },
      responses: {
        '200': { description: 'An access token and its lifetime in seconds.', content: { 'application/json': { schema: ref(componentId(oauthToken.response)) } } },
        '400': { description: 'Unsupported grant type or missing fields.', content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
        '401': { description: 'Unknown client or wrong secret.', content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
      },
    },
  };
  paths[bearerToken.path] = {
    post: {
      operationId: 'bearerToken',
      summary: bearerToken.title,
      tags: ['Authentication'],
      deprecated: true,
      security: [],
      description: 'Deprecated: answers carry a `Deprecation` header. Use OAuth 2.0 client credentials or an API key.',
      requestBody: { required: true, content: { [bearerToken.contentType]: { schema: ref(componentId(bearerToken.body)) } } },
      responses: {
        '200': { description: 'A signed JWT to send as a Bearer token.', content: { 'application/json': { schema: ref(componentId(bearerToken.response)) } } },
        '400': { description: 'Malformed body.', content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
        '401': { description: 'Unknown client or wrong secret.', content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
      },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Shipping Management Service',
      version: '1',
      description: 'Generated from the Packbench service contract (electron/service/contract). Field names are the service\'s, odd spellings included.',
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: options.baseUrl } } }],
    security: [{ apiKey: [] }, { oauth2: [] }, { bearerToken: [] }],
    tags: [
      { name: 'Locations' }, { name: 'Shipments' }, { name: 'Rates' }, { name: 'Addresses' }, { name: 'Rules' }, { name: 'Authentication' },
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: `${options.authUrl}${oauthToken.path}`, scopes: {} } },
        },
        bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Deprecated bearer token from POST /v1/authorize/token.' },
      },
    },
  };
}
