/**
 * Which screen the desk shows. The Ship screen is home. Another screen can send the desk to Ship
 * with a refused shipment to correct (the Queue's "Edit and resubmit"); the Ship screen takes it
 * from here once.
 */
import type { OutboxItem } from '../../../electron/api';

export const SCREENS = [
  { id: 'ship', label: 'Ship', key: '1' },
  { id: 'queue', label: 'Queue', key: '2' },
  { id: 'orders', label: 'Orders', key: '3' },
  { id: 'shipments', label: 'Shipments', key: '4' },
  { id: 'today', label: 'Today', key: '5' },
  { id: 'locations', label: 'Locations', key: '6' },
  { id: 'printers', label: 'Printers', key: '7' },
  { id: 'settings', label: 'Settings', key: '8' },
  { id: 'connections', label: 'Connections', key: '9' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

export class NavigationState {
  #screen = $state<ScreenId>('ship');
  #correction = $state<OutboxItem | undefined>();

  get screen(): ScreenId {
    return this.#screen;
  }

  go(screen: ScreenId): void {
    this.#screen = screen;
  }

  /** Opens the Ship screen with a refused shipment's stored input, to correct and send again. */
  correct(item: OutboxItem): void {
    this.#correction = item;
    this.#screen = 'ship';
  }

  /** The shipment to correct, once: the Ship screen takes it when it opens. */
  takeCorrection(): OutboxItem | undefined {
    const item = this.#correction;
    this.#correction = undefined;
    return item;
  }
}
