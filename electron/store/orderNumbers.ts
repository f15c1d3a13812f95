/**
 * An order number as a scanner or a person types it and as the shop wrote it are the same order
 * when they differ only by a leading `#` (Shopify's `#1002`, scanned as `1002`), by case, or by
 * spaces: the scan key leaves those out. Stored beside each order so a scan is one index seek.
 */
export function scanKeyOf(orderNumber: string): string {
  return orderNumber
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/^[#№]/, '')
    .toUpperCase();
}
