/**
 * The default printer a user chose over the scheduler's, read the way libcups reads it for lpstat
 * and lp: LPDEST, else PRINTER (unless it says "lp"), else the "Default" line of
 * ~/.cups/lpoptions (what `lpoptions -d` writes for a user who may not change the system
 * default), else that of $CUPS_SERVERROOT/lpoptions. Only when none names a printer is the
 * scheduler's own default (CUPS-Get-Default) the default. A choice that names no installed queue
 * leaves no default at all, as lpstat shows it; it does not fall back to the scheduler's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The queue name the user chose, without an lpoptions instance ("label4x6/4up" → "label4x6"); undefined when nothing is chosen. */
export function userDefaultPrinter(env: NodeJS.ProcessEnv): string | undefined {
  const chosen = env.LPDEST ?? (env.PRINTER !== undefined && env.PRINTER !== 'lp' ? env.PRINTER : undefined) ?? lpoptionsDefault(env);
  return chosen?.split('/')[0];
}

function lpoptionsDefault(env: NodeJS.ProcessEnv): string | undefined {
  const files = [...(env.HOME ? [path.join(env.HOME, '.cups', 'lpoptions')] : []), path.join(env.CUPS_SERVERROOT ?? '/etc/cups', 'lpoptions')];
  for (const file of files) {
    const name = defaultLine(readIfPresent(file) ?? '');
    if (name !== undefined) return name;
  }
  return undefined;
}

/** "Default NAME[/INSTANCE] [options…]": the keyword in any case, the first such line winning, as lpstat -d shows. */
export function defaultLine(text: string): string | undefined {
  return /^[ \t]*default[ \t]+(\S+)/im.exec(text)?.[1];
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
