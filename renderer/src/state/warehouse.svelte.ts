/**
 * Settings → Warehouse and the header's warehouse badge: the desk's link to the warehouse database
 * as the station keeps it (never the password: whether one is stored), the form's draft, Test
 * connection's answer in words, and the link's state kept current from the station's events.
 */
import type { ApiError, ApiResult, TlsMode, WarehouseLinkInput, WarehouseStatus, WarehouseTest, WarehouseView } from '../../../electron/api';
import { fieldMessages, words } from '../lib/errors';
import type { StationClient } from '../lib/station';

export interface WarehouseDraft {
  readonly host: string;
  readonly port: string;
  readonly database: string;
  readonly role: string;
  readonly tls: TlsMode;
  readonly caCertificate: string;
  readonly deskName: string;
  /** Typed here only to be sent once; empty keeps the password the station stores. */
  readonly password: string;
}

/** What the setup script makes (docs/warehouse-setup.sql), so a new desk fills in the server only. */
export const NEW_WAREHOUSE_DRAFT: WarehouseDraft = { host: '', port: '5432', database: 'packbench', role: 'packbench_desk', tls: 'require', caCertificate: '', deskName: '', password: '' };

/** The state as the header says it, in a word or two. */
export const WAREHOUSE_STATE_WORDS: Readonly<Record<WarehouseStatus['state'], string>> = {
  notConfigured: 'Off',
  connecting: 'Connecting',
  connected: 'Connected',
  unreachable: 'Unreachable',
  schemaTooOld: 'Schema too old',
  schemaTooNew: 'Schema too new',
};

type Busy = 'saving' | 'testing' | 'turningOff';

export class WarehouseState {
  #view = $state<WarehouseView | undefined>();
  #draft = $state<WarehouseDraft>(NEW_WAREHOUSE_DRAFT);
  #errors = $state<Readonly<Record<string, string>>>({});
  #busy = $state<Busy | undefined>();
  #tested = $state<WarehouseTest | undefined>();
  #problem = $state<string | undefined>();

  constructor(private readonly station: StationClient) {}

  get view(): WarehouseView | undefined {
    return this.#view;
  }

  get status(): WarehouseStatus | undefined {
    return this.#view?.status;
  }

  /** Whether the desk has a warehouse set up (the header shows its state only then). */
  get configured(): boolean {
    return this.#view !== undefined && this.#view.link !== null;
  }

  get draft(): WarehouseDraft {
    return this.#draft;
  }

  /** The station's (or the form's) words at each field, by field name. */
  get errors(): Readonly<Record<string, string>> {
    return this.#errors;
  }

  get busy(): Busy | undefined {
    return this.#busy;
  }

  /** Test connection's last answer, until the form changes. */
  get tested(): WarehouseTest | undefined {
    return this.#tested;
  }

  /** Why the last action or read failed, when it was not a field's fault. */
  get problem(): string | undefined {
    return this.#problem;
  }

  set<K extends keyof WarehouseDraft>(field: K, value: WarehouseDraft[K]): void {
    this.#draft = { ...this.#draft, [field]: value };
    const { [field]: _cleared, ...rest } = this.#errors;
    this.#errors = rest;
    this.#tested = undefined;
  }

  async load(): Promise<void> {
    const result = await this.station.call('getWarehouse', {});
    if (!result.ok) {
      this.#problem = words(result.error);
      return;
    }
    this.#problem = undefined;
    this.#show(result.value);
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    const stops = [
      this.station.on('warehouseState', (event) => {
        if (this.#view !== undefined) this.#view = { ...this.#view, status: event.status };
      }),
      // Another profile's store holds another link.
      this.station.on('connectionChanged', () => void this.load()),
    ];
    return () => stops.forEach((stop) => stop());
  }

  /** Keeps the link (and the typed password) and connects; false when a field or the station refused. */
  save(): Promise<boolean> {
    return this.#send('saving', (input) => this.station.call('saveWarehouse', input), (view) => {
      this.#show(view);
      return true;
    });
  }

  /** Connects once with what the form shows; the answer in words is `tested`. */
  test(): Promise<boolean> {
    return this.#send('testing', (input) => this.station.call('testWarehouse', input), (tested) => {
      this.#tested = tested;
      return tested.ok;
    });
  }

  /** The desk works alone again: the station forgets the link and its password. */
  async turnOff(): Promise<boolean> {
    return this.#act('turningOff', async () => {
      const result = await this.station.call('turnOffWarehouse', {});
      if (!result.ok) return this.#refused(result.error);
      this.#show(result.value);
      return true;
    });
  }

  /** Sends the form with `call` (nothing when a field is wrong here) and hands the answer to `use`. */
  async #send<T>(busy: Busy, call: (input: WarehouseLinkInput) => Promise<ApiResult<T>>, use: (answer: T) => boolean): Promise<boolean> {
    const input = this.#input();
    if (input === undefined) return false;
    return this.#act(busy, async () => {
      const result = await call(input);
      return result.ok ? use(result.value) : this.#refused(result.error);
    });
  }

  async #act(busy: Busy, action: () => Promise<boolean>): Promise<boolean> {
    // One action at a time: a second press while one is on its way does nothing.
    if (this.#busy !== undefined) return false;
    this.#busy = busy;
    this.#problem = undefined;
    try {
      return await action();
    } finally {
      this.#busy = undefined;
    }
  }

  #refused(error: ApiError): false {
    const fields = fieldMessages(error.fields);
    this.#errors = fields;
    if (Object.keys(fields).length === 0) this.#problem = words(error);
    return false;
  }

  #show(view: WarehouseView): void {
    this.#view = view;
    this.#draft = view.link === null ? { ...NEW_WAREHOUSE_DRAFT, deskName: this.#draft.deskName } : { ...view.link, port: String(view.link.port), caCertificate: view.link.caCertificate ?? '', password: '' };
    this.#errors = {};
  }

  /** The form as the station takes it; undefined (with the field's words) when the port is not a number. */
  #input(): WarehouseLinkInput | undefined {
    const { port, caCertificate, password, ...rest } = this.#draft;
    const number = /^\d{1,5}$/.test(port.trim()) ? Number(port.trim()) : Number.NaN;
    if (Number.isNaN(number)) {
      this.#errors = { ...this.#errors, port: 'Port must be a whole number from 1 to 65535.' };
      return undefined;
    }
    return {
      ...rest,
      port: number,
      caCertificate: rest.tls === 'verify-full' && caCertificate.trim() !== '' ? caCertificate : null,
      ...(password === '' ? {} : { password }),
    };
  }
}
