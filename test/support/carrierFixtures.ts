/**
 * Where the shared carrier-label fixtures are (real labels from public projects, read at run time
 * and never copied into the repository): beside the repository (a CI clone) or beside the
 * worktrees folder; CARRIER_LABELS_DIR overrides.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function carrierLabelsDir(): string {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const candidates = [process.env.CARRIER_LABELS_DIR, resolve(root, '../shared/fixtures/carrier-labels'), resolve(root, '../../shared/fixtures/carrier-labels')];
  const found = candidates.find((dir) => dir !== undefined && existsSync(join(dir, 'README.md')));
  if (found === undefined) throw new Error(`the carrier label fixtures are not at any of ${candidates.filter(Boolean).join(', ')}: set CARRIER_LABELS_DIR`);
  return found;
}

/** The label files of the fixtures folder, sorted. */
export function carrierLabelFiles(dir = carrierLabelsDir()): string[] {
  return readdirSync(dir)
    .filter((name) => !name.endsWith('.md'))
    .sort();
}
