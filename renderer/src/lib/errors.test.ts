/**
 * The one way a station error becomes words: at the fields of the form it refuses, else one
 * sentence with what to do about it, in a toast when a person's action failed.
 */
import { describe as group, expect, it } from 'vitest';
import type { ApiError } from '../../../electron/api';
import { watchToasts } from '../testing/toasts';
import { describe, explain, handleError, reason, sayProblem, words } from './errors';
import { StationCallError } from './station';

const error = (code: ApiError['code'], message: string, fields: ApiError['fields'] = []): ApiError => ({ code, message, fields, retryable: false });

group('words', () => {
  it('says the station’s message as a sentence in the screen’s words, with what to do about that kind of failure', () => {
    expect(words(error('offline', 'the service cannot be reached'))).toBe('The service cannot be reached. The station keeps what was saved and sends it when the service is back.');
    expect(words(error('notFound', 'packages[0].weight is required'))).toBe('Weight of package 1 is required.');
  });

  it('reason keeps the station’s own words for a lead-in, without advice', () => {
    expect(reason(error('permission', 'This page has no access key for the station.'))).toBe('This page has no access key for the station.');
  });
});

group('explain', () => {
  it('puts a refusal’s messages at the fields below the form’s prefix, in the labels the form shows', () => {
    const refused = error('rejected', 'the shipment was refused', [
      { field: 'shipment.shipTo.zipPostalCode', message: 'shipTo.zipPostalCode is not a delivery area' },
      { field: 'shipment.shipTo.zipPostalCode', message: 'a second word about the same field' },
      { field: '', message: 'about the whole' },
    ]);
    expect(explain(refused, 'shipment')).toEqual({ fields: { 'shipTo.zipPostalCode': 'ZIP or postal code is not a delivery area' }, words: 'The shipment was refused.' });
  });

  it('names no field for an error that is not about the input, whatever fields it carries', () => {
    expect(explain(error('offline', 'down', [{ field: 'x', message: 'y' }])).fields).toEqual({});
  });
});

group('handleError', () => {
  const refused = new StationCallError('createLocation', error('invalidInput', 'the location was not saved', [{ field: 'location.address.city', message: 'must not be empty' }]));

  it('returns the messages for the fields of the form the action came from, and says nothing more', () => {
    const toasts = watchToasts();
    expect(handleError(refused, { prefix: 'location' })).toEqual({ 'address.city': 'must not be empty' });
    expect(toasts).toEqual([]);
  });

  it('says the error in a toast when there is no form, or the form has no field for what it names: no message is lost', () => {
    const toasts = watchToasts();
    expect(handleError(refused)).toEqual({});
    expect(handleError(refused, { prefix: 'location', shows: (path) => path === 'locationName' })).toEqual({});
    expect(toasts).toEqual(['The location was not saved.', 'The location was not saved.']);
  });

  it('says anything else in one toast: a station error in its words, a failure of the screen as such', () => {
    const toasts = watchToasts();
    expect(handleError(new StationCallError('ship', error('rateLimited', 'too many requests')))).toEqual({});
    handleError(new TypeError('x is undefined'));
    expect(toasts).toEqual(['Too many requests. The service asked to slow down: try again in a moment.', 'Something went wrong on this screen: x is undefined']);
    expect(describe('plain text')).toBe('Something went wrong on this screen: plain text');
  });

  it('sayProblem says the desk’s own problem as a sentence', () => {
    const toasts = watchToasts();
    sayProblem('the scale could not be opened');
    expect(toasts).toEqual(['The scale could not be opened.']);
  });
});
