/**
 * Commercial or Residential. Carriers decide this from delivery-point data (the USPS RDI
 * flag); the sandbox has none, so it weighs what the address itself says:
 *
 * | signal                                                         | weight |
 * |----------------------------------------------------------------|--------|
 * | a company name                                                 | +2     |
 * | a business unit: STE, FL, BLDG, DEPT, RM, OFC, HNGR, PIER       | +2     |
 * | a business word: INDUSTRIAL, WAREHOUSE, DOCK, PLAZA, TOWER ...  | +2     |
 * | a weaker word or unit: CTR, PKWY, TECHNOLOGY, UNIT ...          | +1     |
 * | a home unit: APT, TRLR, LOT, SPC, PH                            | -2     |
 * | a PO Box                                                        | -1     |
 *
 * A total of 2 or more is Commercial, -2 or less Residential. In between the address does not
 * decide, so the caller's own `addressType` is taken as the hint it is; without one the answer
 * is Residential, which is what carriers assume of an unknown address (and the dearer rate).
 */
import { info, type Finding } from './findings';
import type { StandardLine } from './standardize';
import { words } from './text';

export type AddressType = 'Commercial' | 'Residential';

export interface AddressTypeInput {
  readonly companyName: string;
  readonly lines: readonly StandardLine[];
  readonly hint: string;
}

export interface AddressTypeDecision {
  readonly addressType: AddressType;
  /** One sentence for `remarks.addressTypeReason`. */
  readonly reason: string;
  readonly signals: readonly string[];
  readonly findings: readonly Finding[];
}

type Weight = readonly [number, string];

function weights(list: readonly string[], weight: number, label: string): [string, Weight][] {
  return list.map((word) => [word, [weight, `${label} ${word}`]]);
}

/** Unit designators, in both the abbreviated (US) and written-out (Canada, elsewhere) forms. */
const UNIT_WEIGHTS: ReadonlyMap<string, Weight> = new Map([
  ...weights(['STE', 'SUITE', 'FL', 'FLOOR', 'BLDG', 'DEPT', 'RM', 'ROOM', 'OFC', 'HNGR', 'PIER'], 2, 'business unit'),
  ...weights(['UNIT'], 1, 'unit'),
  ...weights(['APT', 'TRLR', 'LOT', 'SPC', 'PH'], -2, 'home unit'),
]);

const WORD_WEIGHTS: ReadonlyMap<string, Weight> = new Map([
  ...weights(
    ['INDUSTRIAL', 'WAREHOUSE', 'DISTRIBUTION', 'LOGISTICS', 'CORPORATE', 'COMMERCE', 'BUSINESS', 'OFFICES', 'DOCK', 'TOWER', 'MALL', 'PLZ', 'PLAZA', 'AIRPORT', 'TERMINAL', 'FACTORY', 'HOSPITAL', 'UNIVERSITY'],
    2,
    'business word',
  ),
  ...weights(['CTR', 'CENTER', 'CENTRE', 'PKWY', 'PKY', 'TECHNOLOGY', 'EXECUTIVE', 'PROFESSIONAL'], 1, 'business word'),
]);

/**
 * Where the standardizer found the unit part, only its designators count as units (so the
 * LOT of `PARKING LOT RD` is not a trailer lot); elsewhere every word is looked up.
 */
function lineSignals(line: StandardLine): Weight[] {
  const found: Weight[] = [];
  const parsed = line.kind === 'street' || line.kind === 'unit';
  for (const word of words(line.text)) {
    const asWord = WORD_WEIGHTS.get(word);
    if (asWord !== undefined) found.push(asWord);
    else if (!parsed) {
      const asUnit = UNIT_WEIGHTS.get(word);
      if (asUnit !== undefined) found.push(asUnit);
    }
  }
  if (parsed) {
    for (const unit of line.units) {
      const asUnit = UNIT_WEIGHTS.get(unit);
      if (asUnit !== undefined) found.push(asUnit);
    }
  }
  if (line.kind === 'poBox') found.push([-1, 'PO Box']);
  return found;
}

function readHint(hint: string): AddressType | undefined {
  const word = hint.trim().toUpperCase();
  if (word === 'COMMERCIAL' || word === 'BUSINESS') return 'Commercial';
  if (word === 'RESIDENTIAL' || word === 'RESIDENCE' || word === 'HOME') return 'Residential';
  return undefined;
}

export function detectAddressType(input: AddressTypeInput): AddressTypeDecision {
  let score = 0;
  const signals: string[] = [];
  const add = (weight: number, signal: string): void => {
    score += weight;
    signals.push(signal);
  };
  if (input.companyName.trim() !== '') add(2, 'company name given');
  // Each signal counts once, however often it is written.
  const seen = new Set<string>();
  for (const [weight, signal] of input.lines.flatMap(lineSignals)) {
    if (seen.has(signal)) continue;
    seen.add(signal);
    add(weight, signal);
  }

  const hint = readHint(input.hint);
  let addressType: AddressType;
  let rule: string;
  if (score >= 2) {
    addressType = 'Commercial';
    rule = 'the address has business signals';
  } else if (score <= -2) {
    addressType = 'Residential';
    rule = 'the address has home signals';
  } else if (hint !== undefined) {
    addressType = hint;
    rule = 'the address does not decide, so the addressType given was kept';
  } else {
    addressType = 'Residential';
    rule = 'the address does not decide and none was given, so Residential, as carriers assume';
  }
  const because = signals.length === 0 ? 'no signal' : signals.join(', ');
  const reason = `${addressType}: ${rule} (${because}; score ${score})`;

  const findings: Finding[] = [];
  if (hint !== undefined && hint !== addressType) {
    findings.push(info('addressType', `addressType detected as ${addressType} rather than ${hint} as given: ${because}`, addressType));
  }
  return { addressType, reason, signals, findings };
}
