/**
 * The service's and the station's field paths (`shipTo.zipPostalCode`, `packages[0].weight`) as the
 * desk's screens label those fields ("ZIP or postal code", "Weight of package 1"), and the other
 * internal names that reach a message (`CommercialInvoice`, `freightClass`) in plain words, so a
 * sentence a packer reads never names the code's fields. Pure: the one error handler
 * (errors.ts) and the screens' own messages go through it.
 */

/** The Ship form's address labels (AddressForm), for ship-to and ship-from alike. */
const ADDRESS: Readonly<Record<string, string>> = {
  contactName: 'Name',
  companyName: 'Company',
  address1: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  stateProvince: 'State or province',
  zipPostalCode: 'ZIP or postal code',
  country: 'Country',
  phoneNumber1: 'Phone',
  emailAddress: 'E-mail',
};

/** A package row's labels (PackageRows). */
const PACKAGE: Readonly<Record<string, string>> = {
  weight: 'Weight',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  declaredValue: 'Declared value',
  type: 'Type',
  items: 'Items',
};

/** An item of a package, as an order's items are named. */
const ITEM: Readonly<Record<string, string>> = { name: 'Name', description: 'Description', weight: 'Weight', qty: 'Quantity', unitPrice: 'Price', itemId: 'SKU' };

/** The customs section (CustomsForm) and a commodity row's columns. */
const CUSTOMS: Readonly<Record<string, string>> = {
  incoTerm1: 'Incoterm',
  reasonToExport: 'Reason for export',
  dutiesPaidBy: 'Duties paid by',
  currencyCode: 'Currency',
  totalCustomValue: 'Total customs value',
  commodities: 'Commodities',
};
const COMMODITY: Readonly<Record<string, string>> = {
  description: 'Description',
  quantity: 'Quantity',
  numberOfBoxes: 'Number of boxes',
  unitPrice: 'Unit value',
  unitWeight: 'Unit weight',
  customValue: 'Value',
  countryOfOrigin: 'Made in (country)',
};

/** The rate chosen, as the Rates list names its parts. */
const SHIPMENT_INFO: Readonly<Record<string, string>> = {
  carrier: 'Carrier',
  shipMethod: 'Service',
  serviceLevel: 'Service level',
  carrierAccount: 'Carrier account',
  paymentType: 'Payment type',
};

/** A shipment's references, as the shipment detail names them. */
export const REFERENCE_LABELS: Readonly<Record<string, string>> = {
  orderNumber: 'Order number',
  stationRef: 'Station reference',
  customerPO: 'Customer PO',
  invoiceNumber: 'Invoice number',
  departmentNumber: 'Department number',
};

const TOP: Readonly<Record<string, string>> = {
  shipDate: 'Ship date',
  packages: 'Packages',
  shipTo: 'Ship-to address',
  shipFrom: 'Ship-from address',
  location: 'Ship from',
  shipmentInfo: 'Service',
  notes: 'Notes',
};

/** Internal names that reach messages whole, in words. */
const INTERNAL_WORDS: readonly [RegExp, string][] = [
  [/\bCommercialInvoice\b/g, 'commercial invoice'],
  [/\bfreightClass\b/g, 'freight class'],
];

/** "Name" → "name", but "ZIP or postal code" stays: an acronym keeps its capitals. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** "stationRef" → "station ref": a name no table knows still reads as words. */
function spaced(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * The label of the field a path names, as the screen shows it; undefined for a path that names no
 * field the desk shows. Inputs' prefixes (`shipment.`, `request.`, `address.`) are looked through.
 */
export function fieldLabel(path: string): string | undefined {
  const bare = path.replace(/^(?:shipment|request)\./, '');
  let match: RegExpExecArray | null;
  if ((match = /^(?:address|shipTo)\.(\w+)$/.exec(bare)) !== null) return ADDRESS[match[1] ?? ''];
  if ((match = /^shipFrom\.(\w+)$/.exec(bare)) !== null) {
    const label = ADDRESS[match[1] ?? ''];
    return label === undefined ? undefined : `${label} of the ship-from location`;
  }
  if ((match = /^packages\[(\d+)\]\.items\[(\d+)\]\.(\w+)$/.exec(bare)) !== null) {
    const label = ITEM[match[3] ?? ''];
    return label === undefined ? undefined : `${label} of item ${String(Number(match[2]) + 1)} in package ${String(Number(match[1]) + 1)}`;
  }
  if ((match = /^packages\[(\d+)\](?:\.(\w+))?$/.exec(bare)) !== null) {
    const which = `package ${String(Number(match[1]) + 1)}`;
    if (match[2] === undefined) return `Package ${String(Number(match[1]) + 1)}`;
    const label = PACKAGE[match[2]];
    return label === undefined ? undefined : `${label} of ${which}`;
  }
  if ((match = /^internationalDetail\.commodities\[(\d+)\]\.(\w+)$/.exec(bare)) !== null) {
    const label = COMMODITY[match[2] ?? ''];
    return label === undefined ? undefined : `${label} of commodity ${String(Number(match[1]) + 1)}`;
  }
  if ((match = /^internationalDetail\.(\w+)$/.exec(bare)) !== null) return CUSTOMS[match[1] ?? ''];
  if ((match = /^shipmentInfo\.(\w+)$/.exec(bare)) !== null) return SHIPMENT_INFO[match[1] ?? ''];
  if ((match = /^references\.(\w+)$/.exec(bare)) !== null) {
    const key = match[1] ?? '';
    return REFERENCE_LABELS[key] ?? `Reference ${spaced(key)}`;
  }
  return TOP[bare];
}

/** A field path as it appears in a message: the service's and the station's shipping inputs. */
const PATH = /(?<![\w.[\]])(?:(?:shipment|request)\.)?(?:(?:address|shipTo|shipFrom|shipmentInfo|references)\.\w+|packages\[\d+\](?:\.items\[\d+\])?(?:\.\w+)?|internationalDetail(?:\.commodities\[\d+\])?\.\w+|shipDate)(?![\w[])/g;
/** What a message says of a field after naming it: "is required", "must be…", "exceeds…". */
const PREDICATE = /^ (?:is|are|must|needs|should|cannot|can't|exceeds|has|have|was|does|do|names|may)\b/;
/** A value the message gives right after the field: `9999 LB`, `'UPS'`, `00000`. */
const VALUE = /^ ('[^']*'|"[^"]*"|[^\s:;,]+(?: (?:LB|KG|OZ|G|IN|CM))?)(?= (?:is|are|must|exceeds|has|was|does|cannot)\b)/;

/**
 * A sentence with every field path in it replaced by the field's label, and the internal names
 * it carries in words: `packages[0].weight 9999 LB exceeds every parcel service's limit` →
 * "Weight of package 1: 9999 LB exceeds every parcel service's limit"; `shipTo.city is required`
 * → "City is required"; a path inside the sentence becomes "the weight of package 1 (9999 LB)".
 */
export function plainWords(message: string): string {
  let out = '';
  let at = 0;
  for (const match of message.matchAll(PATH)) {
    const label = fieldLabel(match[0]);
    if (label === undefined) continue;
    const start = match.index;
    let end = start + match[0].length;
    const rest = message.slice(end);
    const leading = message.slice(0, start).trim() === '';
    let words: string;
    if (PREDICATE.test(rest)) {
      words = leading ? label : `the ${lowerFirst(label)}`;
    } else {
      const value = VALUE.exec(rest);
      if (leading) {
        words = `${label}:`;
      } else if (value !== null) {
        words = `the ${lowerFirst(label)} (${value[1] ?? ''})`;
        end += value[0].length;
      } else {
        words = `the ${lowerFirst(label)}`;
      }
    }
    out += message.slice(at, start) + words;
    at = end;
  }
  out += message.slice(at);
  for (const [pattern, words] of INTERNAL_WORDS) out = out.replace(pattern, words);
  return out;
}
