/**
 * Checking a postal code against the city and state written with it, with real data for the
 * US (ZIP → preferred city and state) and Canada (FSA → province and area), and the postal
 * code format alone for other countries.
 */
import { countryName } from './countryNames';
import { error, info, warning, type Finding } from './findings';
import { hasPostcodeFormat, matchesPostcodeFormat, type PostalCode, type PostalSystem } from './postal';
import { canadaArea, usZip, usZipsForCity, type UsZip } from './postalData';
import { provincesForPostalCode, regionCode, ZIP_TERRITORIES } from './regions';
import { cityKey } from './text';

export interface PostalFields {
  /** Cleaned city (upper case, no punctuation). */
  readonly city: string;
  /** State or province: a code when one was recognized, the cleaned text otherwise. */
  readonly state: string;
  readonly postal: PostalCode;
  /** Two-letter country code in upper case. */
  readonly country: string;
}

export interface PostalCheck {
  readonly findings: Finding[];
  /** The city and state to answer with (the data's spelling when they agree). */
  readonly city: string;
  readonly state: string;
  /** Facts for the response's `remarks`. */
  readonly remarks: Record<string, string>;
}

/** How many ZIP codes a suggestion lists at most. */
const MAX_ZIP_SUGGESTIONS = 5;

/** Differing digits first, then numeric distance: a mistyped ZIP finds its neighbours. */
function closeness(zip: string, near: string, nearNumber: number): number {
  let differing = 0;
  for (let i = 0; i < 5; i++) if (zip.charCodeAt(i) !== near.charCodeAt(i)) differing++;
  return differing * 100_000 + (Number.isNaN(nearNumber) ? 0 : Math.abs(Number(zip) - nearNumber));
}

function zipSuggestions(city: string, state: string, near: string): Finding[] {
  if (city === '' || state === '') return [];
  const zips = usZipsForCity(city, state);
  if (zips.length === 0) return [];
  const nearNumber = /^\d{5}/.test(near) ? Number(near.slice(0, 5)) : Number.NaN;
  // Scored once, not in the comparator: a large city has a couple of hundred ZIPs.
  const shown = zips
    .map((zip) => ({ zip, score: closeness(zip, near, nearNumber) }))
    .sort((a, b) => a.score - b.score || a.zip.localeCompare(b.zip))
    .slice(0, MAX_ZIP_SUGGESTIONS);
  const place = `${city}, ${state}`;
  const found = shown.map(({ zip }) => info('zipPostalCode', `ZIP ${zip} is in ${place}`, zip));
  if (zips.length > shown.length) found.push(info('zipPostalCode', `${place} has ${zips.length} ZIP codes; the ${shown.length} closest to "${near}" are listed`));
  return found;
}

function checkUsPlace(fields: PostalFields, entry: UsZip, findings: Finding[]): { city: string; state: string } {
  const place = `${entry.city}, ${entry.state}`;
  const zip = entry.zip;
  let state = fields.state;
  if (state === '' && ZIP_TERRITORIES.has(fields.country)) {
    state = fields.country;
    findings.push(info('stateProvince', `stateProvince filled in as ${state} from the country`, state));
  }
  const stateCode = regionCode('US', state);
  const stateOk = stateCode === entry.state;
  if (state === '') findings.push(warning('stateProvince', `stateProvince is empty: ZIP ${zip} is in ${place}`, entry.state));
  else if (stateCode === undefined) findings.push(warning('stateProvince', `stateProvince "${state}" is not a US state or territory: ZIP ${zip} is in ${place}`, entry.state));
  else if (!stateOk) findings.push(warning('stateProvince', `ZIP ${zip} is in ${place}, not ${stateCode}`, entry.state));

  let city = fields.city;
  const cityOk = city !== '' && cityKey(city) === cityKey(entry.city);
  if (city === '') findings.push(warning('city', `city is empty: ZIP ${zip} is in ${place}`, entry.city));
  else if (!cityOk) findings.push(warning('city', `ZIP ${zip} is in ${place}`, entry.city));
  // The same city spelt another way (ST LOUIS) is answered in the data's spelling (SAINT LOUIS).
  else city = entry.city;

  if (ZIP_TERRITORIES.has(fields.country) && entry.state !== fields.country) {
    findings.push(warning('country', `ZIP ${zip} is in ${place}, not in ${fields.country}`, 'US'));
  }
  // The ZIP may be the mistake rather than the city: offer the city's own ZIP codes.
  if (!cityOk || !stateOk) findings.push(...zipSuggestions(city, stateCode ?? state, zip));
  return { city, state: stateOk ? entry.state : state };
}

function checkUs(fields: PostalFields): PostalCheck {
  const findings: Finding[] = [];
  const { postal } = fields;
  const stateCode = regionCode('US', fields.state) ?? fields.state;
  const remarks = { postalData: 'US ZIP codes (zipcodes package)' };
  if (postal.text === '') {
    findings.push(error('zipPostalCode', 'zipPostalCode is empty: a US address needs a ZIP code'), ...zipSuggestions(fields.city, stateCode, ''));
    return { findings, city: fields.city, state: fields.state, remarks };
  }
  if (!postal.wellFormed || postal.key === undefined) {
    findings.push(error('zipPostalCode', `ZIP code "${postal.text}" is not valid: a US ZIP code is 5 digits, or ZIP+4 (94105-1234)`));
    const restored = /^\d{4}$/.test(postal.text) ? usZip(`0${postal.text}`) : undefined;
    if (restored) findings.push(info('zipPostalCode', `Did you mean ${restored.zip} (${restored.city}, ${restored.state})? A leading zero may have been lost`, restored.zip));
    findings.push(...zipSuggestions(fields.city, stateCode, postal.text));
    return { findings, city: fields.city, state: fields.state, remarks };
  }
  const entry = usZip(postal.key);
  if (entry === undefined) {
    findings.push(error('zipPostalCode', `ZIP code ${postal.key} does not exist`), ...zipSuggestions(fields.city, stateCode, postal.key));
    return { findings, city: fields.city, state: fields.state, remarks };
  }
  const place = checkUsPlace(fields, entry, findings);
  return { findings, ...place, remarks };
}

function checkCanada(fields: PostalFields): PostalCheck {
  const findings: Finding[] = [];
  const { postal } = fields;
  const remarks: Record<string, string> = { postalData: 'Canadian forward sortation areas (zipcodes package)' };
  const done = (): PostalCheck => ({ findings, city: fields.city, state: fields.state, remarks });
  if (postal.text === '') {
    findings.push(error('zipPostalCode', 'zipPostalCode is empty: a Canadian address needs a postal code'));
    return done();
  }
  if (!postal.wellFormed || postal.key === undefined) {
    findings.push(error('zipPostalCode', `postal code "${postal.text}" is not valid: a Canadian postal code is A1A 1A1`));
    return done();
  }
  const area = canadaArea(postal.key);
  if (area === undefined) {
    findings.push(error('zipPostalCode', `postal code ${postal.text} does not exist: there is no area ${postal.key}`));
    return done();
  }
  remarks['postalArea'] = area.area;

  const provinces = provincesForPostalCode(postal.key);
  const expected = provinces.join(' or ');
  const suggested = provinces[0];
  const given = regionCode('CA', fields.state);
  if (fields.state === '') findings.push(warning('stateProvince', `stateProvince is empty: postal code ${postal.text} is in ${expected}`, suggested));
  else if (given === undefined) findings.push(warning('stateProvince', `stateProvince "${fields.state}" is not a Canadian province or territory: postal code ${postal.text} is in ${expected}`, suggested));
  else if (!provinces.includes(given)) findings.push(warning('stateProvince', `postal code ${postal.text} is in ${expected}, not ${given}`, suggested));

  if (fields.city === '') findings.push(warning('city', `city is empty: postal code ${postal.text} is in the area ${area.area}`));
  else if (!cityKey(area.area).includes(cityKey(fields.city))) {
    // The data names areas, not cities: a city it does not mention is not necessarily wrong.
    findings.push(info('city', `city not checked: the postal data for ${postal.key} names only the area ${area.area}`));
  }
  return done();
}

function checkOther(fields: PostalFields): PostalCheck {
  const findings: Finding[] = [];
  const { country, postal } = fields;
  const name = countryName(country);
  if (name === undefined) {
    findings.push(error('country', `country "${country}" is not an ISO 3166 country code`));
    return { findings, city: fields.city, state: fields.state, remarks: {} };
  }
  const known = hasPostcodeFormat(country);
  if (known && postal.text === '') findings.push(warning('zipPostalCode', `zipPostalCode is empty: addresses in ${name} normally have a postal code`));
  else if (known && !matchesPostcodeFormat(country, postal.text)) findings.push(error('zipPostalCode', `postal code "${postal.text}" does not have the format used in ${name}`));
  else if (!known && postal.text !== '') findings.push(info('zipPostalCode', `postal code format for ${name} is not known to the sandbox; "${postal.text}" was not checked`));
  if (fields.city === '') findings.push(warning('city', 'city is empty'));
  findings.push(warning('address1', `street-level data is not available for ${name}: the address was standardized but not verified`));
  return {
    findings,
    city: fields.city,
    state: fields.state,
    remarks: { postalData: known ? 'postal code format only (postcode-validator package)' : 'none' },
  };
}

export function checkPostal(fields: PostalFields, system: PostalSystem): PostalCheck {
  if (system === 'US') return checkUs(fields);
  if (system === 'CA') return checkCanada(fields);
  return checkOther(fields);
}
