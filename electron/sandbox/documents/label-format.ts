/**
 * The label formats a shipment may ask for in `additionalOptions.labelFormat` (docs/sandbox/documents.md),
 * apart from the module that makes them, which is loaded only when one is asked for.
 */
export const LABEL_FORMATS = ['PDF', 'PDF_LETTER', 'PDF_A4', 'PNG', 'GIF', 'ZPL'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** The format asked for (any case, spaces around ignored), PDF when none is; undefined when what was asked is no format. */
export function labelFormatOf(asked: unknown): LabelFormat | undefined {
  if (asked === undefined || asked === null) return 'PDF';
  return typeof asked === 'string' ? LABEL_FORMATS.find((format) => format === asked.trim().toUpperCase()) : undefined;
}
