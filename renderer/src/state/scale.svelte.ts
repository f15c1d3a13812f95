/**
 * The desk's scale: connected once with a click (the browser asks the packer which device; that
 * needs a user gesture), reconnected by itself afterwards (devices granted before, and a scale
 * plugged back in), and read continuously. A weight that settles (stable and held, see
 * lib/scale/stability.ts) is handed, converted to the desk's unit, to whoever follows it: the
 * Ship screen puts it in the current package's Weight. Its state is said in words for the packer.
 */
import type { ScaleSettings } from '../../../electron/api';
import { sayProblem } from '../lib/errors';
import { grantedHidScales, openHidScale, openSerialScale, requestHidScale, webHid, webSerial, type HidConnectionEvent, type OpenScale, type SerialPortLike } from '../lib/scale/devices';
import { statusWords, type ScaleReading, type ScaleStatus } from '../lib/scale/reading';
import { StableWeight, type Settling } from '../lib/scale/stability';
import { gramsIn } from '../lib/scale/units';

/** How the desk stands with its scale. */
export type ScaleLink = 'unsupported' | 'none' | 'connecting' | 'connected' | 'lost';

/** Until the settings are read: a USB scale. */
const USB_ONLY = { connection: 'usb' } as const;

export class ScaleState {
  #link = $state<ScaleLink>('none');
  #status = $state<ScaleStatus | undefined>();
  #phase = $state<Settling['kind']>('waiting');
  /** The settled weight in the desk's unit, while the scale holds it. */
  #weight = $state<number | undefined>();
  #unit = $state<'LB' | 'KG'>('LB');
  #open: OpenScale | undefined;
  #stable = new StableWeight();
  #follower: ((weight: number) => void) | undefined;

  constructor(
    private readonly settings: () => ScaleSettings | undefined,
    private readonly unit: () => 'LB' | 'KG',
  ) {}

  get link(): ScaleLink {
    return this.#link;
  }
  get status(): ScaleStatus | undefined {
    return this.#status;
  }

  /** The Connect scale button is offered: nothing connected and the browser can reach a scale. */
  get canConnect(): boolean {
    return this.#link === 'none' || this.#link === 'lost';
  }

  /** Where the scale stands, in words. */
  get words(): string {
    switch (this.#link) {
      case 'unsupported':
        return 'This browser cannot reach a scale: type the weight';
      case 'none':
        return 'Not connected';
      case 'connecting':
        return 'Connecting…';
      case 'lost':
        return 'Unplugged: plug it back in, it reconnects by itself';
      case 'connected':
        break;
    }
    const status = this.#status;
    if (status === undefined) return 'Connected: waiting for a weight';
    if (status !== 'stable') return statusWords(status);
    if (this.#weight !== undefined) return `Stable at ${this.#weight.toFixed(2)} ${this.#unit.toLowerCase()}`;
    return this.#phase === 'settling' ? 'Stable: settling…' : 'Stable';
  }

  /** How the words look: good (a weight or ready), busy (moving, settling), bad (needs the packer). */
  get tone(): 'good' | 'busy' | 'bad' | 'idle' {
    if (this.#link !== 'connected') return this.#link === 'lost' ? 'bad' : 'idle';
    const status = this.#status;
    if (status === undefined || status === 'zero' || status === 'stable') return this.#phase === 'settling' ? 'busy' : 'good';
    return status === 'motion' || status === 'busy' ? 'busy' : 'bad';
  }

  /** Calls `listener` with each settled weight (desk's unit, two decimals) until the returned function is called. */
  follow(listener: (weight: number) => void): () => void {
    this.#follower = listener;
    return () => {
      if (this.#follower === listener) this.#follower = undefined;
    };
  }

  /** Connects a scale the packer chooses (call from a click or a key: the browser needs it for the first time). */
  async connect(): Promise<void> {
    const settings = this.settings() ?? USB_ONLY;
    try {
      if (settings.connection === 'serial') {
        const serial = webSerial();
        if (serial === undefined) return this.#unsupported();
        this.#link = 'connecting';
        await this.#openSerial(await serial.requestPort());
      } else {
        const hid = webHid();
        if (hid === undefined) return this.#unsupported();
        this.#link = 'connecting';
        const device = await requestHidScale(hid);
        if (device === undefined) {
          this.#link = 'none';
          return;
        }
        this.#use(await openHidScale(device, this.#read));
      }
    } catch (error) {
      this.#link = 'none';
      // The packer closed the browser's chooser without choosing: nothing to say.
      if (error instanceof DOMException && error.name === 'NotFoundError') return;
      sayProblem(`the scale could not be opened (${error instanceof Error ? error.message : String(error)}). Unplug it, plug it back in and press Connect scale`);
    }
  }

  /** Connects, without asking, a scale this desk was allowed before (at start, and when one is plugged in). */
  async reconnect(): Promise<void> {
    if (this.#link === 'connected' || this.#link === 'connecting') return;
    const settings = this.settings() ?? USB_ONLY;
    try {
      if (settings.connection === 'serial') {
        const serial = webSerial();
        if (serial === undefined) return this.#unsupported();
        const [port] = await serial.getPorts();
        if (port === undefined) return;
        this.#link = 'connecting';
        await this.#openSerial(port);
      } else {
        const hid = webHid();
        if (hid === undefined) return this.#unsupported();
        const [device] = await grantedHidScales(hid);
        if (device === undefined) return;
        this.#link = 'connecting';
        this.#use(await openHidScale(device, this.#read));
      }
    } catch {
      // Not asked for by the packer: the Connect scale button stays for them to try.
      this.#link = 'none';
    }
  }

  /** Follows scales plugged in and out; returns the function that stops. */
  watch(): () => void {
    const hid = webHid();
    const serial = webSerial();
    const plugged = (): void => void this.reconnect();
    const unplugged = (event: Event): void => {
      const device = (event as Partial<HidConnectionEvent>).device ?? event.target;
      if (this.#open?.is(device) === true) void this.#lost();
    };
    hid?.addEventListener('connect', plugged);
    hid?.addEventListener('disconnect', unplugged);
    serial?.addEventListener('connect', plugged);
    serial?.addEventListener('disconnect', unplugged);
    return () => {
      hid?.removeEventListener('connect', plugged);
      hid?.removeEventListener('disconnect', unplugged);
      serial?.removeEventListener('connect', plugged);
      serial?.removeEventListener('disconnect', unplugged);
    };
  }

  async #openSerial(port: SerialPortLike): Promise<void> {
    const settings = this.settings();
    if (settings === undefined) throw new Error("the desk's settings are not read yet");
    this.#use(await openSerialScale(port, settings, this.#read, () => void this.#lost()));
  }

  #use(open: OpenScale): void {
    this.#open = open;
    this.#stable.reset();
    this.#status = undefined;
    this.#weight = undefined;
    this.#link = 'connected';
  }

  async #lost(): Promise<void> {
    const open = this.#open;
    this.#open = undefined;
    this.#link = 'lost';
    this.#status = undefined;
    this.#weight = undefined;
    await open?.close().catch(() => undefined);
  }

  #unsupported(): void {
    this.#link = 'unsupported';
  }

  readonly #read = (reading: ScaleReading, at: number): void => {
    this.#status = reading.status;
    const result = this.#stable.push(reading, at);
    this.#phase = result.kind;
    if (result.kind === 'waiting' || (result.kind === 'settling' && this.#weight !== undefined)) this.#weight = undefined;
    if (result.kind !== 'settled') return;
    const unit = this.unit();
    const weight = gramsIn(result.grams, unit);
    // Less than the field's hundredth is no parcel.
    if (weight <= 0) return;
    this.#unit = unit;
    this.#weight = weight;
    this.#follower?.(weight);
  };
}
