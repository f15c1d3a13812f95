/**
 * What a station reference may look like: the key the station files a shipment under, sent to
 * the service in references.stationRef. Pure (zod only), so the station API can check inputs
 * with it in any process.
 */
import * as z from 'zod';

export const StationRef = z
  .string()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, ".", "_" or "-", starting with a letter or digit');

/** A desk's id: part of every station reference it makes (PB-<desk>-…), so desks are told apart in shared logs. */
export const DeskId = z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'must be 1 to 12 letters or digits');
