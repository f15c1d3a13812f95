import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARRIER_CODES, type CarrierCode } from '../../../../electron/sandbox/carriers/carriers';
import {
  carrierOfTrackingNumber,
  isValidTrackingNumber,
  newTrackingNumber,
  trackingUrl,
  upsServiceCode,
  uspsServiceTypeCode,
} from '../../../../electron/sandbox/carriers/trackingNumbers';
import { seededRandom } from '../../../../electron/sandbox/seededRandom';

/** Numbers published as valid by the carriers or in public tracking-number test suites. */
const PUBLISHED_VALID: Readonly<Record<CarrierCode, readonly string[]>> = {
  UPS: ['1Z999AA10123456784', '1Z5R89390357567127', '1Z879E930346834440', '1Z410E7W0392751591', '1Z8V92A70367203024'],
  FEDEX: ['123456789012', '986578788855', '477179081230', '799531274483', '790535312317', '974367662710', '041441760228964', '568283610012000'],
  USPS: ['9400111201080805483016', '9505511069605048600624', '9361289878700317633795', '9405803699300124287899', '9261292700768711948021', 'RR123456785US'],
  DHL: ['3318810025', '8487135506', '1099255990', '3821724944', '3318810036', '3318810014'],
  ODFL: ['07209562763', '77767553207', '77806528897', '80003280379', '80993847369', '78088240060'],
};

/** The same published numbers with the check digit changed. */
const PUBLISHED_INVALID: Readonly<Record<CarrierCode, readonly string[]>> = {
  UPS: ['1Z1111111111111111', '1Z999AA10123456785', '2Z5R89390357567127'],
  FEDEX: ['996578788855', '568283610012732'],
  USPS: ['9261292700768711948020', '9400111201080805483017', 'RR123456786US'],
  DHL: ['3318810010', '3318810034', '3318810011'],
  ODFL: ['07209562773', '80003280389', '10000000000'],
};

const SERVICES: Readonly<Record<CarrierCode, readonly string[]>> = {
  UPS: ['UPS_GROUND', 'Next Day Air', 'ups_next_day_air_saver', '2nd Day Air', '3 Day Select', 'Worldwide Express', 'Worldwide Saver', 'Expedited', 'Standard', ''],
  FEDEX: ['FEDEX_GROUND', 'PRIORITY_OVERNIGHT', 'FEDEX_2_DAY', 'INTERNATIONAL_PRIORITY'],
  USPS: ['Priority Mail', 'Priority Mail Express', 'Ground Advantage', 'Parcel Select', 'Media Mail', 'USPS_PRIORITY_MAIL_INTERNATIONAL', 'Priority Mail Express International', 'First-Class Package International Service'],
  DHL: ['EXPRESS_WORLDWIDE', 'EXPRESS_12:00'],
  ODFL: ['LTL', 'Guaranteed by 5 PM', 'Standard'],
};

const carrier = fc.constantFrom(...CARRIER_CODES);
const generated = carrier.chain((code) =>
  fc.record({
    carrier: fc.constant(code),
    service: fc.constantFrom(...SERVICES[code]),
    seed: fc.integer(),
    account: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
  }),
);

function make(input: { carrier: CarrierCode; service: string; seed: number; account: string | undefined }): string {
  return newTrackingNumber(input.carrier, input.service, seededRandom(input.seed), input.account);
}

/** Positions whose change the carrier's algorithm cannot see, by design of the algorithm. */
function isBlindSpot(code: CarrierCode, number: string, position: number, digit: number): boolean {
  const old = Number(number[position]);
  const checkPosition = number.length - 1;
  if (position === checkPosition) return false;
  if (code === 'UPS') {
    // Doubled positions (2nd, 4th ... after "1Z") do not carry tens: a change of 5 vanishes mod 10.
    return (position - 2) % 2 === 1 && Math.abs(digit - old) === 5;
  }
  if (code === 'DHL') return Math.abs(digit - old) === 7;
  if (code === 'USPS' && number.endsWith('US')) {
    // S10: remainders 0 and 6 both give check digit 5 (the check digit sits before "US").
    if (position === 10) return false;
    const weights = [8, 6, 4, 2, 3, 5, 9, 7];
    const remainder = (serial: string): number => [...serial].reduce((sum, ch, i) => sum + Number(ch) * (weights[i] ?? 0), 0) % 11;
    const serial = number.slice(2, 10);
    const before = remainder(serial);
    const after = remainder(`${serial.slice(0, position - 2)}${digit}${serial.slice(position - 1)}`);
    return (before === 0 && after === 6) || (before === 6 && after === 0);
  }
  if (code === 'FEDEX') {
    // Remainders 0 and 10 both give check digit 0.
    const weights = [1, 3, 7];
    const remainder = (data: string): number =>
      [...data].reverse().reduce((sum, ch, i) => sum + Number(ch) * (weights[i % 3] ?? 0), 0) % 11;
    const before = remainder(number.slice(0, -1));
    const after = remainder(`${number.slice(0, position)}${digit}${number.slice(position + 1, -1)}`);
    return (before === 0 && after === 10) || (before === 10 && after === 0);
  }
  return false;
}

describe('published tracking numbers', () => {
  it.each(CARRIER_CODES)('%s: published valid numbers pass the check digit and are recognised', (code) => {
    for (const number of PUBLISHED_VALID[code]) {
      expect(isValidTrackingNumber(code, number), number).toBe(true);
      expect(carrierOfTrackingNumber(number), number).toBe(code);
    }
  });

  it.each(CARRIER_CODES)('%s: published numbers with a wrong check digit are refused', (code) => {
    for (const number of PUBLISHED_INVALID[code]) expect(isValidTrackingNumber(code, number), number).toBe(false);
  });

  it('ignores spaces and letter case, as numbers are printed for reading', () => {
    expect(isValidTrackingNumber('UPS', '1z 999 aa1 01 2345 6784')).toBe(true);
    expect(carrierOfTrackingNumber(' 9400 1112 0108 0805 4830 16 ')).toBe('USPS');
  });

  it('recognises no carrier in text that is not a tracking number', () => {
    for (const text of ['', 'hello', '1Z', '123', '0000000000000000000000000000', '1Z999AA1012345678X']) expect(carrierOfTrackingNumber(text)).toBeUndefined();
  });
});

describe('generated tracking numbers', () => {
  it("pass their own carrier's check and are recognised as that carrier's", () => {
    fc.assert(
      fc.property(generated, (input) => {
        const number = make(input);
        expect(isValidTrackingNumber(input.carrier, number)).toBe(true);
        expect(carrierOfTrackingNumber(number)).toBe(input.carrier);
        for (const other of CARRIER_CODES) if (other !== input.carrier) expect(isValidTrackingNumber(other, number)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it('have the length and prefix of their format', () => {
    fc.assert(
      fc.property(generated, (input) => {
        const number = make(input);
        const formats: Record<CarrierCode, RegExp> = {
          UPS: /^1Z[0-9A-Z]{6}[0-9]{10}$/,
          FEDEX: /^7[0-9]{11}$/,
          USPS: /^(92[0-9]{3}9[0-9]{16}|[ECL][A-Z][0-9]{9}US)$/,
          DHL: /^[1-9][0-9]{9}$/,
          ODFL: /^(072|777|778|80)[0-9]+$/,
        };
        expect(number).toMatch(formats[input.carrier]);
        if (input.carrier === 'ODFL') expect(number).toHaveLength(11);
      }),
      { numRuns: 2000 },
    );
  });

  it('fail the check when any single digit changes, except where the algorithm is blind by design', () => {
    fc.assert(
      fc.property(generated, fc.nat(), fc.integer({ min: 1, max: 9 }), (input, where, step) => {
        const number = make(input);
        const digitPositions = [...number].flatMap((ch, i) => (/[0-9]/.test(ch) && !(input.carrier === 'UPS' && i === 0) ? [i] : []));
        const position = digitPositions[where % digitPositions.length] ?? 0;
        const digit = (Number(number[position]) + step) % 10;
        const changed = `${number.slice(0, position)}${digit}${number.slice(position + 1)}`;
        expect(isValidTrackingNumber(input.carrier, changed)).toBe(isBlindSpot(input.carrier, number, position, digit));
      }),
      { numRuns: 5000 },
    );
  });

  it('do have the blind spots the documentation names', () => {
    // UPS: +5 in a doubled position ("1Z999AA1..." position 3 after 1Z is doubled).
    expect(isValidTrackingNumber('UPS', '1Z999AA10123456784')).toBe(true);
    expect(isValidTrackingNumber('UPS', '1Z949AA10123456784')).toBe(true);
    // DHL: a change of 7 keeps the remainder mod 7.
    expect(isValidTrackingNumber('DHL', '3318810025')).toBe(true);
    expect(isValidTrackingNumber('DHL', '3318810095')).toBe(true);
    // FedEx: 477179081230 leaves remainder 0; with its first digit 0 the remainder is 10, also check digit 0.
    expect(isValidTrackingNumber('FEDEX', '477179081230')).toBe(true);
    expect(isValidTrackingNumber('FEDEX', '077179081230')).toBe(true);
    expect(isBlindSpot('FEDEX', '477179081230', 0, 0)).toBe(true);
    // USPS S10: remainders 0 and 6 share check digit 5.
    expect(isValidTrackingNumber('USPS', 'RR100000025US')).toBe(true);
    expect(isValidTrackingNumber('USPS', 'RR110000025US')).toBe(true);
  });

  it('are the same for the same random sequence, and differ between sequences', () => {
    expect(newTrackingNumber('UPS', 'Ground', seededRandom(1))).toBe(newTrackingNumber('UPS', 'Ground', seededRandom(1)));
    const many = new Set(Array.from({ length: 1000 }, (_, i) => newTrackingNumber('FEDEX', 'FEDEX_GROUND', seededRandom(i))));
    expect(many.size).toBe(1000);
  });
});

describe('what a tracking number carries', () => {
  it.each([
    ['UPS Ground', '03'],
    ['UPS_NEXT_DAY_AIR', '01'],
    ['Next Day Air Saver', '13'],
    ['Next Day Air Early', '14'],
    ['UPS 2nd Day Air®', '02'],
    ['UPS_3_DAY_SELECT', '12'],
    ['Worldwide Express', '07'],
    ['Worldwide Express Plus', '54'],
    ['Worldwide Expedited', '08'],
    ['UPS Worldwide Saver', '65'],
    ['UPS Standard', '11'],
    ['something else', '03'],
  ])('UPS %s has service code %s after the shipper account', (service, code) => {
    expect(upsServiceCode(service)).toBe(code);
    expect(newTrackingNumber('UPS', service, seededRandom(3)).slice(8, 10)).toBe(code);
  });

  it.each([
    ['Priority Mail', '055'],
    ['USPS_PRIORITY_MAIL_EXPRESS', '701'],
    ['Ground Advantage', '001'],
    ['Parcel Select Ground', '612'],
    ['unknown', '001'],
  ])('USPS %s has service type code %s after the channel 92', (service, code) => {
    expect(uspsServiceTypeCode(service)).toBe(code);
    expect(newTrackingNumber('USPS', service, seededRandom(3)).slice(2, 5)).toBe(code);
  });

  it("embeds the shipper's UPS account and USPS Mailer ID when they have the carrier's form", () => {
    expect(newTrackingNumber('UPS', 'Ground', seededRandom(5), '999aa1')).toMatch(/^1Z999AA103/);
    expect(newTrackingNumber('USPS', 'Priority Mail', seededRandom(5), '912345678').slice(5, 14)).toBe('912345678');
  });

  it('maps any other account text to a stable code of the right form', () => {
    const first = newTrackingNumber('UPS', 'Ground', seededRandom(5), 'ACME-WEST-0042');
    const again = newTrackingNumber('UPS', 'Ground', seededRandom(9), 'ACME-WEST-0042');
    expect(first.slice(0, 8)).toBe(again.slice(0, 8));
    expect(isValidTrackingNumber('UPS', first)).toBe(true);
    const mailer = newTrackingNumber('USPS', 'Priority Mail', seededRandom(5), 'acct 77').slice(5, 14);
    expect(mailer).toMatch(/^9[0-9]{8}$/);
    expect(newTrackingNumber('USPS', 'Priority Mail', seededRandom(6), 'acct 77').slice(5, 14)).toBe(mailer);
  });

  it.each([
    ['USPS_PRIORITY_MAIL_EXPRESS_INTERNATIONAL', /^E[A-Z][0-9]{9}US$/],
    ['USPS_PRIORITY_MAIL_INTERNATIONAL', /^C[A-Z][0-9]{9}US$/],
    ['First-Class Package International Service', /^L[A-Z][0-9]{9}US$/],
  ])('gives USPS international service %s an S10 number with its UPU service letter', (service, format) => {
    const number = newTrackingNumber('USPS', service, seededRandom(8));
    expect(number).toMatch(format);
    expect(carrierOfTrackingNumber(number)).toBe('USPS');
  });

  it('uses the Guaranteed PRO series for Old Dominion guaranteed service', () => {
    expect(newTrackingNumber('ODFL', 'Guaranteed by 5 PM', seededRandom(2))).toMatch(/^80[0-9]{9}$/);
    expect(newTrackingNumber('ODFL', 'LTL Standard', seededRandom(2))).toMatch(/^(072|777|778)[0-9]{8}$/);
  });

  it('refuses a carrier it does not know, naming the field', () => {
    expect(() => newTrackingNumber(String('XYZ') as CarrierCode, 'Ground', seededRandom(1))).toThrow(/^carrier must be one of UPS, FEDEX/);
    expect(isValidTrackingNumber(String('XYZ') as CarrierCode, '1Z999AA10123456784')).toBe(false);
  });
});

describe('tracking pages', () => {
  it.each([
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784'],
    ['FEDEX', '123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    ['USPS', '9400111201080805483016', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111201080805483016'],
    ['DHL', '3318810025', 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=3318810025'],
    ['ODFL', '07209562763', 'https://www.odfl.com/us/en/tools/trace-track-ltl-freight.html?proNumbers=07209562763'],
  ] as const)("%s points at the carrier's public tracking page", (code, number, url) => {
    expect(trackingUrl(code, number)).toBe(url);
  });

  it('puts the number in canonical form and escapes anything unusual', () => {
    expect(trackingUrl('UPS', '1z999aa1 0123456784')).toBe('https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784');
    expect(trackingUrl('FEDEX', 'a&b=c')).toBe('https://www.fedex.com/fedextrack/?trknbr=A%26B%3DC');
  });
});
