import { describe, expect, it } from 'vitest';
import type { StationHandlers } from '../../../electron/api';
import { STATION_METHOD_NAMES, StationError } from '../../../electron/api';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { DocumentError } from '../../../electron/printing/document';
import { NetworkError, UnknownOutcomeError, ValidationError } from '../../../electron/service/client/errors';
import { StoreNotFoundError } from '../../../electron/store/errors';
import { createDispatch } from '../../../electron/station/dispatch';

const request = { operation: 'createShipment', method: 'POST', path: '/v1/shipment' };

/** Every method answers from `answer`; the dispatcher, not the handlers, is under test. */
function handlersAnswering(answer: (method: string, input: unknown) => unknown): StationHandlers {
  return Object.fromEntries(STATION_METHOD_NAMES.map((name) => [name, (input: unknown) => answer(name, input)])) as unknown as StationHandlers;
}

describe('the station dispatcher', () => {
  it('refuses a method it does not have, without calling anything', async () => {
    const calls: string[] = [];
    const dispatch = createDispatch(handlersAnswering((method) => calls.push(method)));
    const result = await dispatch('dropTables', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
    expect(await dispatch('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
    expect(await dispatch('toString', {})).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
    expect(calls).toEqual([]);
  });

  it('checks the input before the handler runs and names each bad field', async () => {
    const calls: unknown[] = [];
    const dispatch = createDispatch(handlersAnswering((_method, input) => calls.push(input)));
    const result = await dispatch('cancelShipments', { stationRefs: ['PB-DESK1-A', 'bad ref!'], extra: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalidInput');
    expect(result.error.fields.map((f) => f.field)).toEqual(expect.arrayContaining(['stationRefs[1]', 'extra']));
    expect(result.error.message).toMatch(/extra is not a known field/);
    expect(calls).toEqual([]);
  });

  it('passes the parsed input, defaults filled in, to the handler and its value back', async () => {
    const dispatch = createDispatch(handlersAnswering((_method, input) => ({ echoed: input })));
    expect(await dispatch('listLocations', {})).toEqual({ ok: true, value: { echoed: { page: 1, pageSize: 25 } } });
  });

  it.each([
    ['a refused connection', new NetworkError('connection refused', request), 'offline', true],
    ['a create that may have happened', new UnknownOutcomeError('no answer', request), 'unknownOutcome', true],
    ['a station error', new StationError('conflict', 'shipment is archived'), 'conflict', false],
    ['a damaged label', new DocumentError('damaged', 'Label for package 1 is damaged'), 'document', false],
    ['a rejecting printer', new PrintBackendError('rejecting', 'printer "x" is not accepting jobs'), 'printer', false],
    ['a missing record', new StoreNotFoundError('no shipment PB-1'), 'notFound', false],
  ])('turns %s into a typed error with its own message', async (_name, error, code, retryable) => {
    const dispatch = createDispatch(handlersAnswering(() => Promise.reject(error)));
    expect(await dispatch('getSettings', {})).toEqual({ ok: false, error: { code, message: error.message, fields: [], retryable } });
  });

  it('gives the fields the service named when it refuses content', async () => {
    const refused = new ValidationError('shipTo.zipPostalCode is not a valid postal code', request, [
      { code: 'InvalidAddress', message: 'shipTo.zipPostalCode is not a valid postal code', field: 'shipTo.zipPostalCode' },
    ]);
    const dispatch = createDispatch(handlersAnswering(() => Promise.reject(refused)));
    expect(await dispatch('getSettings', {})).toMatchObject({
      ok: false,
      error: { code: 'rejected', fields: [{ field: 'shipTo.zipPostalCode', message: 'shipTo.zipPostalCode is not a valid postal code' }] },
    });
  });

  it('answers an unexpected error with a generic message and logs the details instead', async () => {
    const logged: unknown[] = [];
    const dispatch = createDispatch(
      handlersAnswering(() => {
        throw new Error('SQLITE_BUSY at /home/packer/.config/secret-path');
      }),
      { logError: (method, error) => logged.push([method, error]) },
    );
    const result = await dispatch('getSettings', {});
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'getSettings failed unexpectedly; the details are in the station log', fields: [], retryable: false } });
    expect(JSON.stringify(result)).not.toContain('secret-path');
    expect(logged).toHaveLength(1);
  });
});
