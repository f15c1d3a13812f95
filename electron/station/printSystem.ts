/**
 * Whether a label (or another document) sent now would print, and if not, the real reason in
 * words, so the desk can say it before a label is bought: the print service is not running or
 * cannot be reached, the computer has no printer, none is chosen and there is no default, the
 * chosen one is gone, paused, refusing jobs, or could not be reached the last time it was sent one.
 */
import { PDF_FOLDER_PRINTER } from '../api';
import type { PrintSystem, PrinterInfo, PrinterProblem, PrinterRole, RolePrinterStatus, SpoolerStatus } from '../api';
import type { PrinterSurvey } from '../platform/printers/desk';
import { CONNECTION_TROUBLE } from '../printing/jobWatcher';
import { noPrinterChosen } from '../printing/printerMap';
import { listPrintJobs } from '../store/printJobs';
import { getSetting } from '../store/settings';
import type { Db } from '../store/statements';

type Problem = NonNullable<RolePrinterStatus['problem']>;

/** How many recent jobs are looked through for a printer's last outcome. */
const RECENT_JOBS = 50;

const SPOOLER_PROBLEM: Readonly<Record<Exclude<SpoolerStatus['state'], 'ready'>, PrinterProblem>> = {
  notRunning: 'spoolerNotRunning',
  unreachable: 'spoolerUnreachable',
  failed: 'spoolerFailed',
};

function spoolerProblem(spooler: SpoolerStatus): Problem | null {
  if (spooler.state === 'ready') return null;
  return { kind: SPOOLER_PROBLEM[spooler.state], message: spooler.message ?? 'the print service cannot be asked' };
}

/** Why `printer` could not print the last time it was sent a job, when that was because it could not be reached. */
function lastJobUnreachable(db: Db, printer: string): string | undefined {
  const last = listPrintJobs(db, { limit: RECENT_JOBS }).find((job) => job.targetPrinter === printer && (job.state === 'completed' || job.state === 'failed'));
  return last?.state === 'failed' && last.error !== null && /cannot be reached/.test(last.error) ? last.error : undefined;
}

/** What stands in the way of `info`, the printer a role's documents go to; null when nothing does. */
function printerProblem(db: Db, info: PrinterInfo): Problem | null {
  const why = info.message === undefined || info.message === '' ? '' : ` (${info.message})`;
  if (info.state === 'stopped') return { kind: 'paused', message: `printer ${info.name} is paused${why}: it prints when it is resumed` };
  if (!info.accepting) {
    return info.name === PDF_FOLDER_PRINTER
      ? { kind: 'notAccepting', message: `the PDF folder cannot save files: ${info.message ?? 'its folder cannot be written to'}` }
      : { kind: 'notAccepting', message: `printer ${info.name} is not accepting jobs${why}` };
  }
  if (info.message !== undefined && CONNECTION_TROUBLE.test(info.message)) return { kind: 'unreachable', message: `printer ${info.name} cannot be reached${why}: check its power and cable` };
  const failed = lastJobUnreachable(db, info.name);
  if (failed !== undefined) return { kind: 'unreachable', message: `printer ${info.name} could not be reached the last time it was sent a job: check its power and cable (${failed})` };
  return null;
}

export function rolePrinterStatus(db: Db, survey: PrinterSurvey, role: PrinterRole): RolePrinterStatus {
  const chosen = getSetting(db, role === 'label' ? 'labelPrinter' : 'documentPrinter');
  const system = survey.printers.filter((printer) => printer.name !== PDF_FOLDER_PRINTER);
  const printer = chosen ?? system.find((each) => each.isDefault)?.name ?? null;
  const status = (problem: Problem | null): RolePrinterStatus => ({ printer, chosen: chosen !== null, problem });
  const info = printer === null ? undefined : survey.printers.find((each) => each.name === printer);
  if (info !== undefined) return status(printerProblem(db, info));
  // The printer (or the default) is not listed: the print service first, since it lists nothing when down.
  const spooler = spoolerProblem(survey.spooler);
  if (spooler !== null) return status(spooler);
  if (printer !== null) return status({ kind: 'notInstalled', message: `printer ${printer} is not installed: choose another on the Printers screen` });
  if (system.length === 0) return status({ kind: 'noPrinters', message: "the computer has no printers: add one in the system's printer settings, or use the PDF folder" });
  return status({ kind: 'noDefault', message: noPrinterChosen(role) });
}

export function printSystem(db: Db, survey: PrinterSurvey): PrintSystem {
  return { spooler: survey.spooler, label: rolePrinterStatus(db, survey, 'label'), document: rolePrinterStatus(db, survey, 'document') };
}
