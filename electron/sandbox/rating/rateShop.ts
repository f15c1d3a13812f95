/**
 * Rate Shop (spec 2.6): every service of every carrier that can carry the shipment and
 * that the preferences allow, grouped by carrier (carriers in a fixed order, each one's
 * rates cheapest first by discounted freight); carriers with nothing to offer are left out.
 */
import type { CarrierRates, RateShopRequest, RateShopResponse } from '../../service/contract';
import { CARRIER_CODES, CARRIERS } from '../carriers/carriers';
import type { PricedService } from './engine';
import { fail, ok, type RatingResult } from './errors';
import { toRate } from './format';
import { nothingOffered, offersFor } from './offers';
import { candidatesFor } from './preferences';
import { toRatingInput } from './request';

export function rateShop(request: RateShopRequest, now: Date): RatingResult<RateShopResponse> {
  const input = toRatingInput(
    {
      shipDate: request.shipDate,
      shipTo: request.shipTo,
      shipFrom: request.shipFrom,
      packages: request.packages,
      unitOfWeight: request.unitOfWeight,
      unitOfLength: request.unitOfLength,
      internationalDetail: request.internationalDetail,
      currencyCode: request.currencyCode,
      options: request.specialService,
      optionsField: 'specialService',
    },
    now,
  );
  if (!input.ok) return input;
  const info = request.shipmentInfo;
  const candidates = candidatesFor({ carrier: info?.carrier, serviceLevel: info?.serviceLevel, shipMethod: info?.shipMethod }, 'InvalidShipment');
  if (!candidates.ok) return candidates;
  const offers = offersFor(input.value, candidates.value.services);
  if (offers.priced.length === 0) return fail(nothingOffered(input.value, candidates.value, offers));

  const byCarrier = new Map<string, PricedService[]>();
  for (const priced of offers.priced) {
    const list = byCarrier.get(priced.service.carrier);
    if (list === undefined) byCarrier.set(priced.service.carrier, [priced]);
    else list.push(priced);
  }
  const responses: CarrierRates[] = [];
  for (const carrier of CARRIER_CODES) {
    const list = byCarrier.get(carrier);
    if (list === undefined) continue;
    list.sort((a, b) => a.discountedCents - b.discountedCents);
    responses.push({ carrierDisplayName: CARRIERS[carrier].displayName, carrierName: carrier, rates: list.map(toRate) });
  }
  return ok({ success: true, responses });
}
