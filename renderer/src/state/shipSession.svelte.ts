/**
 * One order at the Ship screen, from the scan to the printed label: the form, the items going in
 * the box, the rates, the shipment once shipped, and the steps between them. It lives as long as
 * the desk, so a packer who looks at the Queue and comes back finds the order as they left it.
 *
 * Everything on the screen belongs to the order scanned last. A scan starts clean (nothing of
 * the previous order stays, whatever state it was left in), and an answer that comes back for an
 * order no longer on screen is dropped (`#generation`).
 *
 * A label is bought once per intent and only for what is on screen: the form's request key goes
 * with every press of Ship (a repeat answers the same shipment); a press while one is on its way
 * does nothing; Ship takes a rate only while it was quoted for the form as it is now (a change
 * makes the rates out of date, and Ship asks again instead of buying at an old price); an address
 * the check called invalid, and items not yet scanned into the box, hold Ship until a person
 * overrides them, and the override is kept with the shipment.
 *
 * In warehouse mode a scan claims the order for this desk: an order another desk holds (or
 * shipped) is said in the station's words and Ship stays closed for it; one whose desk stopped
 * renewing its claim can be taken over with a reason. Next order gives the claim back.
 */
import type { ApiError, MethodInput, OrderClaim, OrderScan, OutboxItem, ShipmentSummary, StoredOrder } from '../../../electron/api';
import { explain, handleError } from '../lib/errors';
import { serviceWithoutRates } from '../lib/serviceRules';
import type { SoundName, SoundPlayer } from '../lib/sounds';
import { convertLength } from '../lib/units';
import type { StationClient } from '../lib/station';
import { PackCheck, type ItemScan } from './packCheck.svelte';
import { RatesState } from './rates.svelte';
import { ShipForm, type Shipment } from './shipForm.svelte';
import { ShipmentProgress } from './shipment.svelte';
import type { SettingsState } from './settings.svelte';

type ShipmentInfo = Shipment['shipmentInfo'];
type Override = NonNullable<MethodInput<'ship'>['overrides']>[number];

/** Before any rate is chosen, the shipment is rated as this; the chosen rate replaces it. */
const RATE_PROBE: ShipmentInfo = { shipMethod: 'Ground', carrier: 'UPS' };

/** What a scan led to: the screen puts the focus where the next key goes. */
export type ScanOutcome = 'loaded' | 'manual' | 'unknown' | 'shippedBefore' | 'cancelled' | 'ambiguous' | 'claimedElsewhere' | 'failed' | 'empty' | 'superseded';

/** What a press of Ship led to. */
export type ShipOutcome = 'shipped' | 'rated' | 'held' | 'invalid' | 'refused' | 'busy' | 'superseded';

/** What the session needs of the desk besides the station. */
export interface ShipSessionDesk {
  readonly settings: SettingsState;
  /** Whether the service can be reached, as the header says. */
  readonly online: () => boolean;
  readonly sounds: SoundPlayer;
}

/** A sentence for the packer: a problem (said as an alert) or a note. */
export interface ShipMessage {
  readonly text: string;
  readonly tone: 'problem' | 'note';
}

export class ShipSession {
  readonly form = new ShipForm();
  readonly pack = new PackCheck();
  readonly rates: RatesState;
  readonly progress: ShipmentProgress;
  #loading = $state(false);
  #checking = $state(false);
  #shipping = $state(false);
  #message = $state<ShipMessage | undefined>();
  #scan = $state<OrderScan | undefined>();
  /** In warehouse mode: the order's claim as the station last said it (a takeover replaces the scan's). */
  #claim = $state<OrderClaim | undefined>();
  #takingOver = $state(false);
  /** The address check said Invalid for this order at least once: a changed address is checked again before Ship. */
  #invalidSeen = $state(false);
  /** The packer chose to ship to the address the check called invalid (for that address, with why). */
  #addressOverride = $state<{ readonly address: string; readonly reason: string } | undefined>();
  /** What the Order field shows as typed since the last scan (Enter not pressed yet). */
  #typedOrder = $state<string | undefined>();
  #generation = 0;
  /** The address check on its way, for a press of Ship to wait for. */
  #checkRun: Promise<boolean> | undefined;
  readonly #desk: ShipSessionDesk;
  readonly #quoteKey: string;

  constructor(
    private readonly station: StationClient,
    desk: ShipSessionDesk,
  ) {
    this.#desk = desk;
    this.#quoteKey = $derived(`${this.form.quoteKey}|${desk.settings.units.weight}|${desk.settings.units.length}`);
    this.rates = new RatesState(station, () => desk.settings.current?.preferredCarrier ?? null);
    this.progress = new ShipmentProgress(station, () => desk.settings.current?.autoPrintLabels ?? true);
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    return this.station.on('claimLost', (event) => {
      // Another desk took over the order on screen while this desk could not renew its claim:
      // the notice says so at once, not at the next press of Ship.
      if (this.#claim?.orderNumber !== event.claim.orderNumber || this.shipped) return;
      this.#claim = event.claim;
      this.#sound('error');
    });
  }

  get loading(): boolean {
    return this.#loading;
  }
  get checking(): boolean {
    return this.#checking;
  }
  get shipping(): boolean {
    return this.#shipping;
  }
  /** Keys must wait: an order is loading or a shipment is on its way to the station. */
  get busy(): boolean {
    return this.#loading || this.#shipping;
  }
  /** A sentence about the whole order (not one field), when there is one. */
  get message(): ShipMessage | undefined {
    return this.#message;
  }
  /** A shipment was made for this order: Ship stays closed until the next scan. */
  get shipped(): boolean {
    return this.progress.stationRef !== undefined;
  }
  /** The service refused the shipment: it can be corrected and sent again (the same one). */
  get refused(): boolean {
    return this.progress.stage === 'refused';
  }
  /** In warehouse mode: whether the order on screen is this desk's to ship, or who holds it, in words. */
  get claim(): OrderClaim | undefined {
    return this.#claim;
  }
  /** The warehouse says this desk may not buy the order's label (another desk holds or shipped it). */
  get claimBlocks(): boolean {
    return this.#claim !== undefined && !this.#claim.mayShip;
  }
  get takingOver(): boolean {
    return this.#takingOver;
  }
  /** The imported order on screen (any status), if the scan named one. */
  get order(): StoredOrder | undefined {
    return this.#scan?.order ?? undefined;
  }
  /** The scanned order came from an imported file: its address and items are on the form. */
  get fromOrder(): boolean {
    return this.#scan?.draft !== null && this.#scan?.draft !== undefined;
  }
  /** The service the order asked for ("Express"), read through the desk's rules. */
  get requestedService(): string | undefined {
    return this.order?.requestedService ?? undefined;
  }
  /** The form with the desk's units: what rates are quoted for. */
  get quoteKey(): string {
    return this.#quoteKey;
  }
  /** The rates on screen were quoted for the form as it is now. */
  get ratesCurrent(): boolean {
    return this.rates.quotedFor !== undefined && this.rates.quotedFor === this.#quoteKey;
  }
  /** Rates are on screen, but the form changed since they were quoted. */
  get ratesStale(): boolean {
    return this.rates.quotedFor !== undefined && this.rates.quotedFor !== this.#quoteKey;
  }
  /** The address check said Invalid for the address as it is, and nobody chose to ship to it anyway. */
  get addressBlocked(): boolean {
    return this.form.check?.status === 'Invalid' && this.#addressOverride?.address !== this.form.addressKey;
  }
  /** Why the packer ships to an address the check called invalid, once they chose to. */
  get addressOverride(): string | undefined {
    return this.#addressOverride?.address === this.form.addressKey ? this.#addressOverride.reason : undefined;
  }
  /** Without rates, the service Ship would take (offline), and why. */
  get serviceWithoutRates(): { readonly displayName: string; readonly reason: string } {
    const { service, reason } = this.#withoutRates();
    return { displayName: service.displayName, reason };
  }

  #units(): { weight: 'LB' | 'KG'; length: 'IN' | 'CM' } {
    return this.#desk.settings.units;
  }

  #sound(name: SoundName): void {
    if (this.#desk.settings.current?.sounds !== false) this.#desk.sounds.play(name);
  }

  #say(text: string, tone: ShipMessage['tone'] = 'problem'): void {
    this.#message = { text, tone };
  }

  /** A refusal's fields go to the form; anything else is said above it. */
  #fail(error: ApiError, prefix: string): void {
    const { fields, words } = explain(error, prefix);
    this.form.setErrors(fields);
    if (Object.keys(fields).length === 0) this.#say(words);
    else this.#message = undefined;
  }

  /** Nothing of the previous order stays: the form (but its ship-from), items, rates, check, result, messages, key. */
  #startClean(): number {
    this.#generation += 1;
    this.form.reset();
    this.pack.clear();
    this.rates.clear();
    this.progress.forget();
    this.#message = undefined;
    this.#scan = undefined;
    this.#claim = undefined;
    this.#takingOver = false;
    this.#invalidSeen = false;
    this.#addressOverride = undefined;
    this.#typedOrder = undefined;
    // A load, a check or a shipment still on its way belongs to the order before: this one is not busy with it.
    this.#loading = false;
    this.#checking = false;
    this.#shipping = false;
    return this.#generation;
  }

  /**
   * The scanned order, as a clean start. An imported order fills the form and its items; one this
   * station already shipped is offered for reprint before anything new can be bought; a number no
   * imported order has is said so (when the desk imports orders at all), and can still be shipped
   * by typing the address.
   */
  async scan(text: string): Promise<ScanOutcome> {
    const generation = this.#startClean();
    const scanned = text.trim();
    if (scanned === '') {
      this.form.setErrors({ 'references.orderNumber': 'Scan or type the order number' });
      return 'empty';
    }
    this.form.setOrder(scanned, []);
    this.#loading = true;
    try {
      const shipFromCountry = this.form.shipFrom?.country;
      const found = await this.station.call('scanOrder', { scanned, ...(shipFromCountry === undefined ? {} : { shipFromCountry }) });
      if (generation !== this.#generation) return 'superseded';
      if (!found.ok) {
        const { fields, words } = explain(found.error);
        if (fields.scanned !== undefined) this.form.setErrors({ 'references.orderNumber': fields.scanned });
        else this.#say(words);
        this.#sound('error');
        return 'failed';
      }
      return this.#loaded(found.value);
    } finally {
      if (generation === this.#generation) this.#loading = false;
    }
  }

  #loaded(scan: OrderScan): ScanOutcome {
    this.#scan = scan;
    this.#typedOrder = undefined;
    if (scan.ambiguous.length > 0) {
      this.form.setErrors({ 'references.orderNumber': `${this.form.orderNumber} could be order ${scan.ambiguous.join(' or ')}: type the number exactly as the packing slip shows it` });
      this.#sound('error');
      return 'ambiguous';
    }
    this.form.setOrder(scan.orderNumber, scan.shippedBefore);
    if (scan.shippedBefore.length > 0) {
      this.#sound('error');
      return 'shippedBefore';
    }
    this.#claim = scan.claim;
    if (scan.claim !== undefined && !scan.claim.mayShip) {
      this.#sound('error');
      return 'claimedElsewhere';
    }
    if (scan.order?.status === 'cancelled') {
      this.#say(`Order ${scan.orderNumber} was cancelled: it is not to be shipped`);
      this.#sound('error');
      return 'cancelled';
    }
    if (scan.draft === null) {
      if (scan.importedOrders === 0) return 'manual';
      this.#say(`No imported order is numbered ${scan.orderNumber}: check the number on the packing slip, or type the address to ship it by hand`);
      this.#sound('error');
      return 'unknown';
    }
    this.#fillFromOrder(scan);
    this.#sound('ok');
    return 'loaded';
  }

  #fillFromOrder(scan: OrderScan): void {
    if (scan.draft === null || scan.order === null) return;
    this.form.loadDraft(scan.draft);
    this.pack.load(scan.order.items, this.#desk.settings.current?.packVerification !== false);
    // An imported address is checked at once, so a bad one is known before the box is closed.
    if (this.#desk.online()) void this.validateAddress();
  }

  /** The Order field as it is typed: until Enter starts it, Ship will not go with another order's number. */
  typeOrder(text: string): void {
    this.#typedOrder = text;
  }

  /** The packer chose to ship an order again although it was shipped: a new shipment, on purpose. */
  shipAgain(): void {
    const scan = this.#scan;
    this.form.shipAgain();
    if (scan !== undefined) this.#fillFromOrder(scan);
  }

  /** One item scanned into the box; a wrong one, or one too many, is refused in words and with a sound. */
  scanItem(code: string): ItemScan {
    const result = this.pack.scan(code);
    switch (result.kind) {
      case 'packed':
        this.#message = undefined;
        this.#sound('ok');
        break;
      case 'notInOrder':
        this.#say(`${result.code} is not an item of order ${this.form.orderNumber}: take it out of the box`);
        this.#sound('error');
        break;
      case 'tooMany':
        this.#say(`One ${result.line.description} too many: order ${this.form.orderNumber} has ${String(result.line.quantity)}, take one out`);
        this.#sound('error');
        break;
      case 'notVerifying':
        break;
    }
    return result;
  }

  /** Ships without every item scanned; why is kept with the shipment. */
  overrideItems(reason: string): void {
    this.pack.overrideWith(reason);
    this.#message = undefined;
  }

  /** Ships to the address the check called invalid; why is kept with the shipment. */
  overrideAddress(reason: string): void {
    if (this.form.check?.status !== 'Invalid') return;
    this.#addressOverride = { address: this.form.addressKey, reason: reason.trim() === '' ? 'shipped to the address as it is' : reason.trim() };
    this.#message = undefined;
  }

  /** Asks the service to check and standardize the ship-to address. */
  validateAddress(): Promise<boolean> {
    if (this.#checking) return Promise.resolve(false);
    this.#checkRun = this.#check();
    return this.#checkRun;
  }

  async #check(): Promise<boolean> {
    const generation = this.#generation;
    this.#checking = true;
    this.#message = undefined;
    try {
      const to = this.form.shipTo;
      const asked = this.form.addressKey;
      const address = {
        address1: to.address1.trim(),
        city: to.city.trim(),
        stateProvince: to.stateProvince.trim(),
        zipPostalCode: to.zipPostalCode.trim(),
        country: to.country.trim().toUpperCase(),
        ...(to.contactName.trim() === '' ? {} : { contactName: to.contactName.trim() }),
        ...(to.companyName.trim() === '' ? {} : { companyName: to.companyName.trim() }),
        ...(to.address2.trim() === '' ? {} : { address2: to.address2.trim() }),
      };
      const result = await this.station.call('validateAddress', { address });
      if (generation !== this.#generation) return false;
      if (!result.ok) {
        const explained = explain(result.error, 'address');
        const fields = Object.fromEntries(Object.entries(explained.fields).map(([field, message]) => [`shipTo.${field}`, message]));
        this.form.setErrors(fields);
        if (Object.keys(fields).length === 0) this.#say(explained.words);
        return false;
      }
      // The answer is for the address as it was asked: typed on since, it is not this one's.
      if (this.form.addressKey !== asked) return false;
      this.form.setCheck(result.value);
      if (result.value.status === 'Invalid') {
        this.#invalidSeen = true;
        this.#sound('error');
      }
      return true;
    } finally {
      if (generation === this.#generation) this.#checking = false;
    }
  }

  /** Picks a preset for a package row by its place (1 to 9) or its code; false when there is none. */
  pickPreset(index: number, keyOrCode: string): boolean {
    const presets = this.#desk.settings.current?.boxPresets ?? [];
    const wanted = keyOrCode.trim().toUpperCase();
    const byKey = /^[1-9]$/.test(wanted) ? presets[Number(wanted) - 1] : undefined;
    const preset = byKey ?? presets.find((p) => p.code === wanted);
    if (preset === undefined) return false;
    const unit = this.#units().length;
    this.form.applyPreset(index, preset, unit, (value) => convertLength(value, preset.unitOfLength, unit));
    return true;
  }

  /** Rates for the form as it is, chosen as the order asked; false when there are none (the fields or a message say why). */
  async fetchRates(): Promise<boolean> {
    return (await this.#rate()) === 'rated';
  }

  /** Asks for rates and chooses; 'unreachable' when the service could not be reached (nothing to choose from). */
  async #rate(): Promise<'rated' | 'none' | 'unreachable'> {
    const generation = this.#generation;
    this.#message = undefined;
    const built = this.form.build(this.#units(), RATE_PROBE, { forRates: true });
    if (!built.ok) {
      this.form.setErrors(built.errors);
      this.rates.clear();
      return 'none';
    }
    const { shipmentInfo: _probe, ...request } = built.shipment;
    const answer = await this.rates.fetch(request, this.#quoteKey);
    if (generation !== this.#generation || ('superseded' in answer && answer.superseded === true)) return 'none';
    if (!answer.ok) {
      if (answer.error !== undefined) this.#fail(answer.error, 'request');
      return answer.error?.code === 'offline' ? 'unreachable' : 'none';
    }
    this.rates.chooseFor(this.requestedService, this.#desk.settings.current?.serviceRules ?? []);
    return this.rates.list.length > 0 ? 'rated' : 'none';
  }

  /** Chooses the service the business rules name for this shipment, and says which rule it was. */
  async applyRule(): Promise<void> {
    const built = this.form.build(this.#units(), this.#chosenInfo() ?? RATE_PROBE, { forRates: true });
    if (!built.ok) {
      this.form.setErrors(built.errors);
      return;
    }
    const { error } = await this.rates.applyRule(built.shipment);
    if (error !== undefined) this.#fail(error, 'shipment');
  }

  #chosenInfo(): ShipmentInfo | undefined {
    const rate = this.rates.chosen;
    return rate === undefined ? undefined : { shipMethod: rate.shipMethod, carrier: rate.carrierName, serviceLevel: rate.serviceName };
  }

  #withoutRates(): ReturnType<typeof serviceWithoutRates> {
    const settings = this.#desk.settings.current;
    const fallback = settings?.defaultService ?? { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'UPS_GROUND', displayName: 'UPS Ground' };
    return serviceWithoutRates(this.requestedService, settings?.serviceRules ?? [], fallback);
  }

  /** What stops Ship for this order as it stands, in words; undefined when nothing does. */
  #heldBecause(): string | undefined {
    if (this.#claim !== undefined && !this.#claim.mayShip) return this.#claim.words;
    const typed = this.#typedOrder?.trim();
    if (typed !== undefined && typed !== this.form.orderNumber) {
      return typed === '' ? 'Scan or type the order number first' : `Order shows “${typed}”: press Enter there to start that order first`;
    }
    if (this.addressBlocked) return 'The address check says this address is invalid: correct it, or choose "Ship to this address anyway" (Alt+O)';
    if (this.#invalidSeen && this.form.check === undefined) return 'The address was invalid and has changed since: check it again (Enter in the address) before shipping';
    if (!this.pack.satisfied) {
      return `Scan every item into the box first: ${String(this.pack.packed)} of ${String(this.pack.expected)} scanned (or "Ship without scanning every item", Alt+I)`;
    }
    return undefined;
  }

  /**
   * A press of Ship. With a rate quoted for the form as it is, it ships with it; offline (or the
   * service unreachable for this form) it ships with the service for orders without rates, its
   * price to come when the service answers; online without current rates it asks for them and
   * chooses, and the packer presses again. Nothing is bought while an order loads or a shipment is
   * on its way, or once the order was shipped.
   */
  async ship(): Promise<ShipOutcome> {
    if (this.#shipping || this.#loading) return 'busy';
    if (this.shipped) return 'busy';
    this.#message = undefined;
    if (this.#checking && this.#checkRun !== undefined) {
      // The address check answers first (an invalid address holds Ship); keys wait meanwhile.
      const generation = this.#generation;
      this.#shipping = true;
      try {
        await this.#checkRun;
      } finally {
        if (generation === this.#generation) this.#shipping = false;
      }
      if (generation !== this.#generation) return 'superseded';
    }
    const held = this.#heldBecause();
    if (held !== undefined) {
      this.#say(held);
      this.#sound('error');
      return 'held';
    }
    const overrides: Override[] = [];
    let info = this.ratesCurrent ? this.#chosenInfo() : undefined;
    if (info === undefined && this.ratesCurrent && this.rates.list.length > 0) {
      this.#say('Choose a rate first (↑ ↓ in Rates), then press Ship (Enter)');
      return 'held';
    }
    if (info === undefined) {
      // Online (as far as the desk knows), rates are asked for and shown first; only when the
      // service cannot be reached does Ship go without them.
      if (this.#desk.online()) {
        const stale = this.ratesStale;
        const generation = this.#generation;
        // The press is under way: keys wait (busy) until it is settled, so what ships is what was on screen.
        this.#shipping = true;
        let rated: 'rated' | 'none' | 'unreachable';
        try {
          rated = await this.#rate();
        } finally {
          if (generation === this.#generation) this.#shipping = false;
        }
        if (generation !== this.#generation) return 'superseded';
        if (rated === 'none') return 'rated';
        if (rated === 'rated') {
          this.#say(stale ? 'The shipment changed since those rates: these are its rates now. Press Ship (Enter) to ship with the chosen one.' : 'Check the chosen rate, then press Ship (Enter).', 'note');
          return 'rated';
        }
      }
      const { service, reason } = this.#withoutRates();
      info = { shipMethod: service.shipMethod, carrier: service.carrier, serviceLevel: service.serviceLevel };
      overrides.push({ kind: 'serviceWithoutRates', note: `${reason}; shipped while the service could not be reached, so no price was compared` });
    }
    const built = this.form.build(this.#units(), info);
    if (!built.ok) {
      this.form.setErrors(built.errors);
      return 'invalid';
    }
    const address = this.addressOverride;
    if (address !== undefined) overrides.push({ kind: 'invalidAddress', note: `The address check said Invalid; shipped as it is: ${address}` });
    if (this.pack.override !== undefined) overrides.push({ kind: 'unverifiedItems', note: `Not scanned into the box: ${this.pack.missing}. ${this.pack.override}` });
    return this.#send(built.shipment, overrides);
  }

  async #send(shipment: Shipment, overrides: readonly Override[]): Promise<ShipOutcome> {
    const generation = this.#generation;
    this.#shipping = true;
    try {
      const result = await this.station.call('ship', { shipment, requestKey: this.form.requestKey, ...(overrides.length === 0 ? {} : { overrides: [...overrides] }) });
      if (generation !== this.#generation) return 'superseded';
      if (!result.ok) {
        this.#fail(result.error, 'shipment');
        this.#sound('error');
        return 'refused';
      }
      this.progress.follow(result.value.stationRef, result.value.outboxId);
      this.#sound('shipped');
      return 'shipped';
    } finally {
      if (generation === this.#generation) this.#shipping = false;
    }
  }

  /** Sends the refused shipment again as corrected on the form: the same shipment, not a new one. */
  async sendCorrected(): Promise<boolean> {
    const outboxId = this.progress.outboxId;
    const info = this.#chosenInfo();
    if (this.#shipping || outboxId === undefined || !this.refused) return false;
    const built = this.form.build(this.#units(), info ?? this.progress.detail?.shipment.input?.shipmentInfo ?? RATE_PROBE);
    if (!built.ok) {
      this.form.setErrors(built.errors);
      return false;
    }
    this.#shipping = true;
    try {
      const result = await this.station.call('resubmitOutboxItem', { id: outboxId, shipment: built.shipment });
      if (!result.ok) {
        this.#fail(result.error, 'shipment');
        return false;
      }
      this.form.setErrors({});
      this.progress.resubmitted();
      return true;
    } finally {
      this.#shipping = false;
    }
  }

  /** The service's words about each field of a refused shipment, put at those fields. */
  showRefusal(): void {
    const fields = this.progress.refusedFields;
    this.form.setErrors(fields);
    const refusal = this.progress.refusal?.message;
    if (Object.keys(fields).length === 0 && refusal !== undefined) this.#say(refusal);
    else this.#message = undefined;
  }

  /** Opens a refused shipment from the Queue on the form, to correct and send again. */
  correct(item: OutboxItem, shipment: Shipment): void {
    this.#startClean();
    this.form.load(shipment);
    this.progress.follow(item.stationRef, item.id);
  }

  /** Reprints the label of an order shipped before, without buying anything. */
  async reprint(shipment: ShipmentSummary): Promise<void> {
    try {
      const detail = await this.station.value('getShipment', { stationRef: shipment.stationRef });
      const labels = detail.documents.filter((doc) => doc.type === 'Label');
      if (labels.length === 0) {
        this.#say('This shipment has no label kept at this station (it may have passed the retention period)');
        return;
      }
      for (const label of labels) await this.station.value('reprintDocument', { documentId: label.documentId });
      this.#say(`Printing the label of ${detail.shipment.trackingNumber ?? shipment.stationRef} again`, 'note');
    } catch (error) {
      handleError(error);
    }
  }

  /**
   * Takes over the order on screen from a desk that stopped renewing its claim, with the packer's
   * reason (the warehouse's audit log keeps it); once it is this desk's, the order loads as a scan would.
   */
  async takeOver(reason: string): Promise<ScanOutcome | 'refused'> {
    const claim = this.#claim;
    if (claim === undefined || !claim.mayTakeOver || this.#takingOver) return 'refused';
    const generation = this.#generation;
    this.#takingOver = true;
    try {
      const result = await this.station.call('takeOverOrder', { orderNumber: claim.orderNumber, reason });
      if (generation !== this.#generation) return 'superseded';
      if (!result.ok) {
        this.#say(explain(result.error).words);
        return 'refused';
      }
      if (!result.value.mayShip) {
        this.#claim = result.value;
        return 'refused';
      }
    } finally {
      if (generation === this.#generation) this.#takingOver = false;
    }
    return this.scan(claim.orderNumber);
  }

  /** A clean form for the next order; the ship-from stays. The order's claim is given back for another desk. */
  nextOrder(): void {
    const claim = this.#claim;
    if (claim?.state === 'claimed') void this.station.call('releaseOrder', { orderNumber: claim.orderNumber }).catch(handleError);
    this.#startClean();
  }
}
