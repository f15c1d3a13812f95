/**
 * Sets of shipments as a search reads them: seqs sorted and without repeats, merged in one
 * pass, and the batches of epochs a search reads them in.
 */
import type { LocalSearchSort } from '../api/shipments';
import type { Epoch } from './searchIndex';

/** Past every seq: the end of a range with no end. */
export const LAST_SEQ = Number.MAX_SAFE_INTEGER;

/** A run of seqs, both ends included, and the epochs of keys that cover it. */
export interface Batch {
  readonly epochs: readonly number[];
  readonly lo: number;
  readonly hi: number;
}

export type Seqs = Float64Array;
export const NONE: Seqs = new Float64Array(0);

export function sortedSeqs(values: readonly number[]): Seqs {
  const sorted = Float64Array.from(values).sort();
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[kept - 1]) sorted[kept++] = sorted[i] ?? 0;
  return sorted.subarray(0, kept);
}

export function union(a: Seqs, b: Seqs): Seqs {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] ?? 0) : Infinity;
    const y = j < b.length ? (b[j] ?? 0) : Infinity;
    if (x <= y) i++;
    if (y <= x) j++;
    out[n++] = Math.min(x, y);
  }
  return out.subarray(0, n);
}

export function intersection(a: Seqs, b: Seqs): Seqs {
  const out = new Float64Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) out[n++] = x;
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return out.subarray(0, n);
}

/**
 * The epochs that overlap `range`, in the order asked, a batch at a time. The first batch is
 * one epoch; the next is sized from what the epochs read so far held: as many as should hold
 * the matches still wanted (a common word takes one more epoch, not twice as many), and four
 * times as many as the last when none matched (a rare word reaches the end in a few steps).
 */
/** An epoch as a run of seqs: from its first seq to the next epoch's, less one. */
interface Span {
  readonly epoch: number;
  readonly shipments: number;
  readonly lo: number;
  readonly hi: number;
}

/** The spans of an epoch list, oldest first, made once per list (listEpochs keeps the list while it holds). */
const spansOf = new WeakMap<readonly Epoch[], readonly Span[]>();

function spans(epochs: readonly Epoch[]): readonly Span[] {
  let made = spansOf.get(epochs);
  if (made === undefined) {
    made = epochs.map((epoch, i) => ({ epoch: epoch.epoch, shipments: epoch.shipments, lo: epoch.firstSeq, hi: (epochs[i + 1]?.firstSeq ?? LAST_SEQ + 1) - 1 }));
    spansOf.set(epochs, made);
  }
  return made;
}

export class Batches {
  /** The spans that overlap the range, in the search's order, cut to the range. */
  private readonly spans: readonly Span[];
  private start = 0;
  private size = 0;
  private read = 0;
  /** Epochs given out so far. */
  batches = 0;

  constructor(epochs: readonly Epoch[], range: { lo: number; hi: number }, sort: LocalSearchSort) {
    let kept = spans(epochs);
    if (range.lo > 0 || range.hi < LAST_SEQ) {
      kept = kept.filter((span) => span.hi >= range.lo && span.lo <= range.hi).map((span) => ({ ...span, lo: Math.max(span.lo, range.lo), hi: Math.min(span.hi, range.hi) }));
    }
    this.spans = sort === 'newest' ? [...kept].reverse() : kept;
  }

  /**
   * The next batch, given how many matches the batches so far gave and how many are wanted,
   * and at most `most` epochs (what a reading allowance still covers).
   */
  next(found: number, wanted: number, most = Number.MAX_SAFE_INTEGER): Batch | undefined {
    if (this.start >= this.spans.length) return undefined;
    let size = 1;
    if (this.size > 0 && found === 0) size = this.size * 4;
    else if (this.size > 0) {
      // Shipments to read for the rest, at the density seen so far, with a margin.
      let needed = ((wanted - found) / found) * this.read * 1.25;
      for (size = 0; needed > 0 && this.start + size < this.spans.length; size++) needed -= this.spans[this.start + size]?.shipments ?? 0;
      size = Math.min(Math.max(size, 1), this.size * 4);
    }
    size = Math.max(1, Math.min(size, most, this.spans.length - this.start));
    const epochs: number[] = [];
    let lo = LAST_SEQ;
    let hi = 0;
    for (let i = this.start; i < this.start + size; i++) {
      const span = this.spans[i];
      if (span === undefined) break;
      epochs.push(span.epoch);
      this.read += span.shipments;
      lo = Math.min(lo, span.lo);
      hi = Math.max(hi, span.hi);
    }
    this.start += size;
    this.size = size;
    this.batches += size;
    return { epochs, lo, hi };
  }
}
