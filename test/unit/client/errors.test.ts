import { describe, expect, it } from 'vitest';
import { errorFromStatus, fieldOfMessage, itemsFromBody } from '../../../electron/service/client/errors';

describe('service error items', () => {
  it.each([
    ['shipTo.zipPostalCode is required', 'shipTo.zipPostalCode'],
    ['packages[0].weight must be a number', 'packages[0].weight'],
    ['shipTo.zipPostalCode 00000 is not a US ZIP code', 'shipTo.zipPostalCode'],
    ['shipDate is required', 'shipDate'],
    ['the sandbox injected a server error', undefined],
    ['rate limit of 100 requests per minute exceeded', undefined],
    ['', undefined],
  ])('finds the field of "%s"', (message, field) => {
    expect(fieldOfMessage(message)).toBe(field);
  });

  it('reads every item of the envelope', () => {
    const body = Buffer.from(JSON.stringify({ success: false, errors: [{ code: 'InvalidAddress', message: 'shipTo.city is required', type: 'ValidationError' }, { code: 'InvalidShipment', message: 'packages is required' }] }));
    expect(itemsFromBody(400, body)).toEqual([
      { code: 'InvalidAddress', message: 'shipTo.city is required', field: 'shipTo.city', type: 'ValidationError' },
      { code: 'InvalidShipment', message: 'packages is required', field: 'packages' },
    ]);
  });

  it('turns a body that is not the envelope into one readable item', () => {
    expect(itemsFromBody(503, Buffer.from('Service Unavailable'))).toEqual([{ code: 'HTTP503', message: 'the service answered 503: Service Unavailable' }]);
    expect(itemsFromBody(500, Buffer.alloc(0))).toEqual([{ code: 'HTTP500', message: 'the service answered 500 with no explanation' }]);
  });

  it.each([
    [401, 'authentication'],
    [403, 'permission'],
    [404, 'notFound'],
    [409, 'conflict'],
    [422, 'validation'],
    [400, 'validation'],
    [429, 'rateLimited'],
    [503, 'server'],
  ])('maps HTTP %i to a %s error', (status, kind) => {
    const error = errorFromStatus(status, [{ code: 'X', message: 'm' }], { operation: 'op', method: 'GET', path: '/' });
    expect(error.kind).toBe(kind);
  });
});
