/**
 * One order at the Ship screen, from the scan to the printed label: the form, the rates, the
 * shipment once shipped, and the steps between them. It lives as long as the desk, so a packer
 * who looks at the Queue and comes back finds the order as they left it.
 *
 * Buying a label happens once per intent: the form's request key goes with every press of Ship
 * (a repeat answers the same shipment), a press while one is on its way does nothing, and once a
 * shipment exists Ship is closed until Next order.
 */
import type { ApiError, OutboxItem, ShipmentSummary } from '../../../electron/api';
import { fieldMessages, handleError, words } from '../lib/errors';
import { convertLength } from '../lib/units';
import type { StationClient } from '../lib/station';
import { RatesState } from './rates.svelte';
import { ShipForm, type Shipment } from './shipForm.svelte';
import { ShipmentProgress } from './shipment.svelte';
import type { SettingsState } from './settings.svelte';

type ShipmentInfo = Shipment['shipmentInfo'];

/** Before any rate is chosen, the shipment is rated as this; the chosen rate replaces it. */
const RATE_PROBE: ShipmentInfo = { shipMethod: 'Ground', carrier: 'UPS' };

export class ShipSession {
  readonly form = new ShipForm();
  readonly rates: RatesState;
  readonly progress: ShipmentProgress;
  #checking = $state(false);
  #shipping = $state(false);
  #message = $state<string | undefined>();
  #fromOrder = $state(false);
  #requestedService = $state<string | undefined>();

  constructor(
    private readonly station: StationClient,
    private readonly settings: SettingsState,
  ) {
    this.rates = new RatesState(station, () => settings.current?.preferredCarrier ?? null);
    this.progress = new ShipmentProgress(station, () => settings.current?.autoPrintLabels ?? true);
  }

  get checking(): boolean {
    return this.#checking;
  }
  get shipping(): boolean {
    return this.#shipping;
  }
  /** A sentence about the whole shipment (not one field), when there is one. */
  get message(): string | undefined {
    return this.#message;
  }
  /** A shipment was made for this order: Ship stays closed until Next order. */
  get shipped(): boolean {
    return this.progress.stationRef !== undefined;
  }
  /** The service refused the shipment: it can be corrected and sent again (the same one). */
  get refused(): boolean {
    return this.progress.stage === 'refused';
  }

  #units(): { weight: 'LB' | 'KG'; length: 'IN' | 'CM' } {
    return this.settings.units;
  }

  /** A refusal's fields go to the form; anything else is said above it. */
  #fail(error: ApiError, prefix: string): void {
    const fields = this.#fieldsOf(error, prefix);
    this.form.setErrors(fields);
    this.#message = Object.keys(fields).length === 0 ? words(error) : undefined;
  }

  #fieldsOf(error: ApiError, prefix: string): Record<string, string> {
    return error.code === 'invalidInput' || error.code === 'rejected' ? fieldMessages(error.fields, prefix) : {};
  }

  /** The scanned order: shipments this station already made for it are offered before anything new. */
  async scan(text: string): Promise<void> {
    const orderNumber = text.trim();
    this.#message = undefined;
    if (orderNumber === '') {
      this.form.setErrors({ 'references.orderNumber': 'Scan or type the order number' });
      return;
    }
    const found = await this.station.call('findShipmentsByOrder', { orderNumber });
    if (!found.ok) {
      this.form.setOrder(orderNumber, []);
      const fields = this.#fieldsOf(found.error, '');
      if ('orderNumber' in fields) this.form.setErrors({ 'references.orderNumber': fields.orderNumber ?? '' });
      else this.#message = words(found.error);
      return;
    }
    const live: ShipmentSummary[] = found.value.filter((s) => s.status !== 'discarded' && s.status !== 'failed');
    this.form.setOrder(orderNumber, live);
    this.#requestedService = undefined;
    this.#fromOrder = false;
    if (live.length > 0) return;
    // An imported order fills the form: the packer chooses the box, checks the weight, ships.
    const order = await this.station.call('getOrder', { orderNumber });
    if (order.ok && order.value.status === 'open') {
      this.form.loadOrder(order.value, this.#units().weight);
      this.#requestedService = order.value.requestedService ?? undefined;
      this.#fromOrder = true;
    }
  }

  /** The scanned order came from an imported file: its address and items are on the form. */
  get fromOrder(): boolean {
    return this.#fromOrder;
  }
  /** The service the order asked for ("Express"), matched against the rates. */
  get requestedService(): string | undefined {
    return this.#requestedService;
  }

  /** Asks the service to check and standardize the ship-to address. */
  async validateAddress(): Promise<boolean> {
    if (this.#checking) return false;
    this.#checking = true;
    this.#message = undefined;
    try {
      const to = this.form.shipTo;
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
      if (!result.ok) {
        const fields = Object.fromEntries(Object.entries(this.#fieldsOf(result.error, 'address')).map(([field, message]) => [`shipTo.${field}`, message]));
        this.form.setErrors(fields);
        if (Object.keys(fields).length === 0) this.#message = words(result.error);
        return false;
      }
      this.form.setCheck(result.value);
      return true;
    } finally {
      this.#checking = false;
    }
  }

  /** Picks a preset for a package row by its place (1 to 9) or its code; false when there is none. */
  pickPreset(index: number, keyOrCode: string): boolean {
    const presets = this.settings.current?.boxPresets ?? [];
    const wanted = keyOrCode.trim().toUpperCase();
    const byKey = /^[1-9]$/.test(wanted) ? presets[Number(wanted) - 1] : undefined;
    const preset = byKey ?? presets.find((p) => p.code === wanted);
    if (preset === undefined) return false;
    const unit = this.#units().length;
    this.form.applyPreset(index, preset, unit, (value) => convertLength(value, preset.unitOfLength, unit));
    return true;
  }

  /** Rates for the form as it is; false when the form is not ready (its fields say why). */
  async fetchRates(): Promise<boolean> {
    this.#message = undefined;
    const built = this.form.build(this.#units(), RATE_PROBE, { forRates: true });
    if (!built.ok) {
      this.form.setErrors(built.errors);
      this.rates.clear();
      return false;
    }
    const { shipmentInfo: _probe, ...rest } = built.shipment;
    const answer = await this.rates.fetch(rest);
    if (!answer.ok) {
      this.#fail(answer.error, 'request');
      return false;
    }
    if (this.#requestedService !== undefined) this.rates.prefer(this.#requestedService);
    return this.rates.list.length > 0;
  }

  /** Chooses the service the business rules name for this shipment, and says which rule it was. */
  async applyRule(): Promise<void> {
    const built = this.form.build(this.#units(), this.#shipmentInfo() ?? RATE_PROBE, { forRates: true });
    if (!built.ok) {
      this.form.setErrors(built.errors);
      return;
    }
    const { error } = await this.rates.applyRule(built.shipment);
    if (error !== undefined) this.#fail(error, 'shipment');
  }

  #shipmentInfo(): ShipmentInfo | undefined {
    const rate = this.rates.chosen;
    return rate === undefined ? undefined : { shipMethod: rate.shipMethod, carrier: rate.carrierName, serviceLevel: rate.serviceName };
  }

  /**
   * Ships the form with the chosen rate, once: a press while one is on its way, or after the
   * shipment exists, does nothing (and the request key makes a repeat that reaches the station
   * answer the same shipment). Returns whether a shipment is now being followed.
   */
  async ship(): Promise<boolean> {
    if (this.#shipping || this.shipped) return this.shipped;
    const info = this.#shipmentInfo();
    this.#message = undefined;
    const built = this.form.build(this.#units(), info ?? RATE_PROBE);
    if (!built.ok) {
      this.form.setErrors(built.errors);
      return false;
    }
    if (info === undefined) {
      this.#message = 'Choose a rate first (Rates), or apply the business rule';
      return false;
    }
    this.#shipping = true;
    try {
      const result = await this.station.call('ship', { shipment: built.shipment, requestKey: this.form.requestKey });
      if (!result.ok) {
        this.#fail(result.error, 'shipment');
        return false;
      }
      this.progress.follow(result.value.stationRef, result.value.outboxId);
      return true;
    } finally {
      this.#shipping = false;
    }
  }

  /** Sends the refused shipment again as corrected on the form: the same shipment, not a new one. */
  async sendCorrected(): Promise<boolean> {
    const outboxId = this.progress.outboxId;
    const info = this.#shipmentInfo();
    if (this.#shipping || outboxId === undefined || !this.refused) return false;
    const built = this.form.build(this.#units(), info ?? (this.progress.detail?.shipment.input?.shipmentInfo ?? RATE_PROBE));
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
    this.#message = Object.keys(fields).length === 0 ? this.progress.refusal?.message : undefined;
  }

  /** Opens a refused shipment from the Queue on the form, to correct and send again. */
  correct(item: OutboxItem, shipment: Shipment): void {
    this.nextOrder();
    this.form.load(shipment);
    this.progress.follow(item.stationRef, item.id);
  }

  /** Reprints the label of an order shipped before, without buying anything. */
  async reprint(stationRef: string): Promise<void> {
    try {
      const detail = await this.station.value('getShipment', { stationRef });
      const labels = detail.documents.filter((doc) => doc.type === 'Label');
      if (labels.length === 0) {
        this.#message = 'This shipment has no label kept at this station (it may have passed the retention period)';
        return;
      }
      for (const label of labels) await this.station.value('reprintDocument', { documentId: label.documentId });
      this.#message = `Printing the label of ${detail.shipment.trackingNumber ?? stationRef} again`;
    } catch (error) {
      handleError(error);
    }
  }

  /** A clean form for the next order; the ship-from stays. */
  nextOrder(): void {
    this.form.reset();
    this.rates.clear();
    this.progress.forget();
    this.#message = undefined;
  }
}
