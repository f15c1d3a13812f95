/**
 * What goes in the box: an imported order's items with their quantities, each scanned in as it is
 * packed (its SKU or its barcode: UPC, EAN). A wrong item or one too many is refused in words;
 * Ship waits until every item is in, unless a person overrides it (and says so on the shipment).
 * Used when the desk verifies packing and every item of the order has a code to scan.
 */
import type { OrderItem } from '../../../electron/api';

export interface PackLine {
  readonly description: string;
  readonly sku: string | null;
  readonly barcode: string | null;
  readonly quantity: number;
  readonly scanned: number;
}

export type ItemScan =
  | { readonly kind: 'packed'; readonly line: PackLine; readonly complete: boolean }
  | { readonly kind: 'notInOrder'; readonly code: string }
  | { readonly kind: 'tooMany'; readonly line: PackLine }
  | { readonly kind: 'notVerifying' };

/**
 * A code as scanners send it: no spaces, any case. A number is read without its leading zeros, so
 * a UPC-A (12 digits) matches the same item scanned as an EAN-13 (a zero in front).
 */
export function codeKey(code: string): string {
  const compact = code.replace(/\s+/g, '').toUpperCase();
  return /^\d+$/.test(compact) ? compact.replace(/^0+(?=\d)/, '') : compact;
}

const codesOf = (line: PackLine): string[] => [line.sku, line.barcode].filter((code): code is string => code !== null && code.trim() !== '').map(codeKey);

export class PackCheck {
  #lines = $state<PackLine[]>([]);
  #active = $state(false);
  #override = $state<string | undefined>();
  readonly #packed = $derived(this.#lines.reduce((sum, line) => sum + line.scanned, 0));
  readonly #expected = $derived(this.#lines.reduce((sum, line) => sum + line.quantity, 0));

  /** The order's items, whether they are verified or not. */
  get lines(): readonly PackLine[] {
    return this.#lines;
  }
  /** Items are being scanned into the box for this order. */
  get active(): boolean {
    return this.#active;
  }
  get packed(): number {
    return this.#packed;
  }
  get expected(): number {
    return this.#expected;
  }
  /** Every item is in the box, or a person said to ship without it. */
  get satisfied(): boolean {
    return !this.#active || this.#packed === this.#expected || this.#override !== undefined;
  }
  get complete(): boolean {
    return this.#active && this.#packed === this.#expected;
  }
  /** Why the packer shipped without verifying, once they did. */
  get override(): string | undefined {
    return this.#override;
  }
  /** What was not verified, for the shipment's record. */
  get missing(): string {
    return this.#lines
      .filter((line) => line.scanned < line.quantity)
      .map((line) => `${line.sku ?? line.barcode ?? line.description} ×${String(line.quantity - line.scanned)}`)
      .join(', ');
  }

  /** The items of a new order; verified when `verify` and every item has a code to scan. */
  load(items: readonly OrderItem[], verify: boolean): void {
    this.#lines = items.map((item) => ({ description: item.description, sku: item.sku, barcode: item.barcode, quantity: item.quantity, scanned: 0 }));
    this.#active = verify && this.#lines.length > 0 && this.#lines.every((line) => codesOf(line).length > 0);
    this.#override = undefined;
  }

  clear(): void {
    this.#lines = [];
    this.#active = false;
    this.#override = undefined;
  }

  /** One item scanned into the box: counted against the first line of its code that still wants one. */
  scan(code: string): ItemScan {
    if (!this.#active) return { kind: 'notVerifying' };
    const key = codeKey(code);
    const matching = this.#lines.map((line, index) => ({ line, index })).filter(({ line }) => codesOf(line).includes(key));
    if (matching.length === 0) return { kind: 'notInOrder', code: code.trim() };
    const open = matching.find(({ line }) => line.scanned < line.quantity);
    if (open === undefined) return { kind: 'tooMany', line: matching[0]?.line ?? { description: code, sku: null, barcode: null, quantity: 0, scanned: 0 } };
    const line = { ...open.line, scanned: open.line.scanned + 1 };
    this.#lines[open.index] = line;
    return { kind: 'packed', line, complete: this.#packed === this.#expected };
  }

  /** Ships without every item scanned; `reason` is kept with the shipment. */
  overrideWith(reason: string): void {
    if (this.#active) this.#override = reason.trim() === '' ? 'shipped without scanning every item' : reason.trim();
  }
}
