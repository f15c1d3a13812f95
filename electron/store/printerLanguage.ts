/**
 * Each printer's language (PDF or ZPL) with its resolution, darkness and offset. Kept as one row of
 * the settings table, beside the media and copies of each printer, under its own key and schema:
 * the desk settings' list of keys describes the settings page, and this is printer setup.
 */
import * as z from 'zod';
import { DEFAULT_PRINTER_LANGUAGE, PrinterLanguageConfig, PrinterName } from '../api/printing';
import { StoreInputError, StoreRowError } from './errors';
import { issuesOf } from './rows';
import { printerEntry } from './settings';
import { statement, type Db } from './statements';

const KEY = 'printerLanguage';
const PrinterLanguages = z.record(PrinterName, PrinterLanguageConfig);
export type PrinterLanguages = Readonly<Record<string, PrinterLanguageConfig>>;

/** Every printer set to something; a printer not listed takes PDF. */
export function getPrinterLanguages(db: Db): PrinterLanguages {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (row === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    throw new StoreRowError(`settings row ${KEY}`, ['value is not valid JSON: set the printer language again']);
  }
  const problems = issuesOf(PrinterLanguages, value);
  if (problems.length > 0) throw new StoreRowError(`settings row ${KEY}`, [...problems, 'set the printer language again']);
  return value as PrinterLanguages;
}

/** What `printer` takes: its own setting, or PDF. */
export function printerLanguageOf(db: Db, printer: string): PrinterLanguageConfig {
  return printerEntry(getPrinterLanguages(db), printer) ?? DEFAULT_PRINTER_LANGUAGE;
}

/** Sets one printer's language; null forgets it (PDF again). */
export function setPrinterLanguage(db: Db, printer: string, config: PrinterLanguageConfig | null): PrinterLanguages {
  const { [printer]: _previous, ...others } = getPrinterLanguages(db);
  const next = config === null ? others : { ...others, [printer]: config };
  const problems = issuesOf(PrinterLanguages, next);
  if (problems.length > 0) throw new StoreInputError(`setting ${KEY}`, problems);
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(KEY, JSON.stringify(next));
  return next;
}
