import { CustomMedia, MEDIA_NAMES, type MediaName } from '../api/printing';

/** A printable page size in PDF points (1/72 inch), always portrait (width ≤ height). */
export interface MediaSize {
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

const inches = (w: number, h: number): { width: number; height: number } => ({ width: w * 72, height: h * 72 });

/** The size of each named media. ISO sizes are rounded to 1/100 pt, the precision PDF producers commonly write. */
export const MEDIA: Readonly<Record<MediaName, MediaSize>> = {
  '4x6': { name: '4x6', ...inches(4, 6) },
  '4x4': { name: '4x4', ...inches(4, 4) },
  '4x8': { name: '4x8', ...inches(4, 8) },
  A6: { name: 'A6', width: 297.64, height: 419.53 },
  Letter: { name: 'Letter', ...inches(8.5, 11) },
  A4: { name: 'A4', width: 595.28, height: 841.89 },
};

export class MediaError extends Error {
  override name = 'MediaError';
}

/** Names are matched without regard to case or surrounding spaces, as typed into a settings form. */
function namedMedia(text: string): MediaSize | undefined {
  const wanted = text.trim().toLowerCase();
  const name = MEDIA_NAMES.find((n) => n.toLowerCase() === wanted);
  return name === undefined ? undefined : MEDIA[name];
}

/**
 * Reads a printer's configured media. A custom size given landscape is turned portrait: label
 * stock feeds narrow edge first, and fitting places every page portrait.
 */
export function parseMedia(config: unknown, field = 'media'): MediaSize {
  const choices = `one of ${MEDIA_NAMES.join(', ')}, or {width, height} in points`;
  if (typeof config === 'string') {
    const named = namedMedia(config);
    if (named === undefined) throw new MediaError(`${field} "${config}" is not a known media size: use ${choices}`);
    return named;
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new MediaError(`${field} must be ${choices}`);
  }
  const parsed = CustomMedia.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue === undefined ? [] : issue.path.map(String);
    const where = [field, ...path].join('.');
    if (issue?.code === 'unrecognized_keys') throw new MediaError(`${field} has unknown fields: ${issue.keys.join(', ')}`);
    const missing = path[0] !== undefined && !(path[0] in config);
    const message = missing ? 'is required' : (issue?.message ?? 'is invalid');
    throw new MediaError(`${where} ${message}`);
  }
  const { width, height } = parsed.data;
  return { name: 'custom', width: Math.min(width, height), height: Math.max(width, height) };
}
