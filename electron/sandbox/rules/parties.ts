/**
 * The parties a rule lists in its answer. SHIPPER and CONSIGNEE come from the shipment;
 * BILL_TO and IMPORTER_OF_RECORD depend on who pays (freight and duties) and appear only
 * when they add something; any other name is an entry of the rule set's address book
 * (a customs broker, a freight-audit firm) listed as written there.
 */
import type { RuleParty, ShipmentAddress, ShipmentCreate } from '../../service/contract';
import type { Facts } from './facts';

/** Party names whose address the shipment itself supplies. */
export const DERIVED_PARTIES = ['SHIPPER', 'CONSIGNEE', 'BILL_TO', 'IMPORTER_OF_RECORD'] as const;
export type DerivedParty = (typeof DERIVED_PARTIES)[number];

/** Address book keys that stand in for a party the shipment cannot name by itself. */
export const THIRD_PARTY_KEY = 'THIRD_PARTY';
export const IMPORTER_KEY = 'IMPORTER_OF_RECORD';

export interface BookAddress {
  readonly companyName: string;
  readonly address1: string;
  readonly city: string;
  readonly stateProvince: string;
  readonly country: string;
  readonly zipPostalCode: string;
}

export type AddressBook = Readonly<Record<string, BookAddress>>;

function fromShipmentAddress(party: string, address: ShipmentAddress): RuleParty {
  return {
    party,
    // A residence has no company: the person's name is what goes on paperwork.
    companyName: address.companyName ?? address.contactName ?? '',
    address1: address.address1,
    city: address.city,
    stateProvince: address.stateProvince,
    country: address.country,
    zipPostalCode: address.zipPostalCode,
  };
}

function fromBook(party: string, address: BookAddress): RuleParty {
  return { party, ...address };
}

/**
 * The freight payer, when it is not the shipper: a collect shipment bills the consignee,
 * a third-party one bills the book's THIRD_PARTY entry (only the party name when the book
 * has none). A prepaid shipment lists nothing, since SHIPPER already names the payer.
 */
function billTo(shipment: ShipmentCreate, facts: Facts, book: AddressBook): RuleParty | undefined {
  if (facts.payer === 'CONSIGNEE') return fromShipmentAddress('BILL_TO', shipment.shipTo);
  if (facts.payer !== 'THIRD_PARTY') return undefined;
  const thirdParty = book[THIRD_PARTY_KEY];
  return thirdParty === undefined ? { party: 'BILL_TO' } : fromBook('BILL_TO', thirdParty);
}

/**
 * The importer of record, for an international shipment only: under DDP the shipper is
 * answerable for import duties (or the agent the book names for it), otherwise the consignee.
 */
function importerOfRecord(shipment: ShipmentCreate, facts: Facts, book: AddressBook): RuleParty | undefined {
  if (!facts.isInternational) return undefined;
  if (!facts.isDDP) return fromShipmentAddress('IMPORTER_OF_RECORD', shipment.shipTo);
  const agent = book[IMPORTER_KEY];
  return agent === undefined ? fromShipmentAddress('IMPORTER_OF_RECORD', shipment.shipFrom) : fromBook('IMPORTER_OF_RECORD', agent);
}

function resolveParty(name: string, shipment: ShipmentCreate, facts: Facts, book: AddressBook): RuleParty | undefined {
  if (name === 'SHIPPER') return fromShipmentAddress(name, shipment.shipFrom);
  if (name === 'CONSIGNEE') return fromShipmentAddress(name, shipment.shipTo);
  if (name === 'BILL_TO') return billTo(shipment, facts, book);
  if (name === 'IMPORTER_OF_RECORD') return importerOfRecord(shipment, facts, book);
  const entry = book[name];
  return entry === undefined ? undefined : fromBook(name, entry);
}

/** The parties `names` asks for, in that order, leaving out those that do not apply. */
export function resolveParties(names: readonly string[], shipment: ShipmentCreate, facts: Facts, book: AddressBook): RuleParty[] {
  return names.flatMap((name): RuleParty[] => {
    const party = resolveParty(name, shipment, facts, book);
    return party === undefined ? [] : [party];
  });
}
