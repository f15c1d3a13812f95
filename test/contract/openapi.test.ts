import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApiDocument } from '../../electron/service/openapi';
import { OPENAPI_DEFAULTS } from '../../electron/service/openapiDefaults';
import { operations, OPERATION_IDS } from '../../electron/service/contract';

const published = JSON.parse(readFileSync(new URL('../../resources/openapi.json', import.meta.url), 'utf8')) as {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string }>; schemas: Record<string, unknown> };
};

describe('resources/openapi.json', () => {
  it('is what `npm run openapi` generates from the contract today', () => {
    expect(published).toEqual(buildOpenApiDocument(OPENAPI_DEFAULTS));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(published));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has all 16 operations at their paths and methods', () => {
    for (const id of OPERATION_IDS) {
      const op = operations[id];
      expect(published.paths[op.path]?.[op.method.toLowerCase()]?.operationId, `${op.method} ${op.path}`).toBe(id);
    }
    const count = Object.values(published.paths).flatMap((item) => Object.values(item).filter((v) => typeof v === 'object' && v !== null && 'operationId' in v));
    expect(count).toHaveLength(16 + 2);
  });

  it('declares the three security schemes', () => {
    expect(Object.entries(published.components.securitySchemes).map(([name, s]) => [name, s.type])).toEqual([
      ['apiKey', 'apiKey'],
      ['oauth2', 'oauth2'],
      ['bearerToken', 'http'],
    ]);
  });

  it('answers 400, 401, 403, 404 and 429 with the error envelope on every operation', () => {
    for (const id of OPERATION_IDS) {
      const op = operations[id];
      const responses = published.paths[op.path]![op.method.toLowerCase()]!.responses;
      for (const status of ['400', '401', '403', '404', '429']) {
        expect(responses[status], `${id} ${status}`).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });
      }
    }
  });

  it('keeps the service\'s own spellings', () => {
    const text = JSON.stringify(published);
    for (const quirk of ['discountFrieght', 'currencycode', 'orderdBy', 'pageIndex', 'activity_Id', 'package_Id', 'zeroFreightforOutboundThirdParty']) {
      expect(text).toContain(`"${quirk}"`);
    }
  });
});
