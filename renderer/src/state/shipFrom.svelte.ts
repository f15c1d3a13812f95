/**
 * Where the Ship screen's shipment leaves from: the desk's default location, or another one found
 * by typing part of its name, code or city. Once the locations are read, the one on the form is
 * kept while it is still one of them; otherwise (none yet, or another connection's) the default
 * location is chosen, else the first. A location chosen is read whole and its address put on the
 * form.
 */
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';
import { LocationChoices, locationLabel, type LocationRecord } from './locationChoices.svelte';
import type { ShipForm } from './shipForm.svelte';

export class ShipFromState {
  readonly locations: LocationChoices;
  #search = $state('');
  readonly #matching = $derived.by(() => {
    const typed = this.#search.trim().toLowerCase();
    const active = this.locations.active;
    if (typed === '') return active;
    return active.filter((loc) => locationLabel(loc).toLowerCase().includes(typed) || (loc.referenceId ?? '').toLowerCase().includes(typed));
  });

  constructor(
    private readonly station: StationClient,
    private readonly form: ShipForm,
    /** The desk's default ship-from location (Settings), when it names one. */
    private readonly defaultLocationId: () => string | null | undefined,
  ) {
    this.locations = new LocationChoices(station);
  }

  /** What is typed to find a location. */
  get search(): string {
    return this.#search;
  }
  /** The active locations whose name, code or place holds what is typed. */
  get matching(): readonly LocationRecord[] {
    return this.#matching;
  }
  /** The location on the form, while it is one of the active ones. */
  get chosen(): LocationRecord | undefined {
    return this.locations.active.find((loc) => loc.id === this.form.shipFromId);
  }

  setSearch(text: string): void {
    this.#search = text;
  }

  /** Reads the locations, then keeps the form's ship-from or chooses the default (else the first). */
  async load(): Promise<void> {
    await this.locations.load();
    const active = this.locations.active;
    const current = this.form.shipFromId;
    if (current !== undefined && active.some((loc) => loc.id === current)) return;
    const wanted = this.defaultLocationId();
    const first = active.find((loc) => loc.id === wanted) ?? active[0];
    if (first !== undefined) await this.choose(first.id);
  }

  /** Puts a location's address on the form as where the shipment leaves from. */
  async choose(id: string): Promise<void> {
    try {
      const detail = await this.station.value('getLocation', { id });
      const a = detail.address;
      this.form.setShipFrom(detail.id, {
        companyName: detail.locationName,
        address1: a.address1,
        city: a.city,
        stateProvince: a.stateProvince,
        zipPostalCode: a.zipPostalCode,
        country: a.country.toUpperCase(),
        ...(a.contactName === undefined ? {} : { contactName: a.contactName }),
        ...(a.address2 === undefined ? {} : { address2: a.address2 }),
        ...(a.phoneNumber1 === undefined ? {} : { phoneNumber1: a.phoneNumber1 }),
        ...(a.emailAddress === undefined ? {} : { emailAddress: a.emailAddress }),
      });
    } catch (error) {
      handleError(error);
    }
  }
}
