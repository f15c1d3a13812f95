/**
 * Which character encoding an order file is in, and its text decoded as a stream. A byte order
 * mark says it; without one, a file whose bytes are all well-formed UTF-8 is UTF-8, and any other
 * is read as Windows-1252 (what spreadsheet programs on Windows save a "CSV" in) and said to be a
 * guess, so the person can see the names and choose another encoding. A file read as UTF-8 when
 * asked to be is never patched with replacement characters: a bad byte refuses it in words.
 */
import { isUtf8 } from 'node:buffer';
import type { OrderFileEncoding } from '../api/orders';
import { OrderFileError } from './orderFile';

export interface DetectedEncoding {
  readonly encoding: OrderFileEncoding;
  /** True when the file did not say and was not UTF-8: the station chose Windows-1252. */
  readonly guessed: boolean;
}

/** The encoding a byte order mark at the start of `head` names, if any. */
function byteOrderMark(head: Uint8Array): OrderFileEncoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * How many bytes at the end of `bytes` start a UTF-8 character that continues in the next chunk
 * (0 to 3), so each chunk is checked whole.
 */
function unfinishedTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** Whether every byte of the chunks is well-formed UTF-8 (checked natively, a chunk at a time). */
async function allUtf8(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<boolean> {
  let carry: Uint8Array = new Uint8Array(0);
  for await (const chunk of chunks) {
    const bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    const cut = bytes.length - unfinishedTail(bytes);
    if (!isUtf8(bytes.subarray(0, cut))) return false;
    carry = bytes.slice(cut);
  }
  return carry.length === 0;
}

/** The file's encoding: the one asked for, else its byte order mark's, else UTF-8 when it is, else a guess. */
export async function detectEncoding(open: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>, asked: OrderFileEncoding | 'auto'): Promise<DetectedEncoding> {
  if (asked !== 'auto') return { encoding: asked, guessed: false };
  for await (const head of open()) {
    const marked = byteOrderMark(head);
    if (marked !== undefined) return { encoding: marked, guessed: false };
    break;
  }
  return (await allUtf8(open())) ? { encoding: 'utf-8', guessed: false } : { encoding: 'windows-1252', guessed: true };
}

/**
 * The file's text, a chunk at a time, without its byte order mark. UTF-8 is decoded strictly: a
 * byte that is not UTF-8 stops the reading with the offset where it is, never a replacement character.
 */
export async function* decodedText(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, encoding: OrderFileEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let offset = 0;
  try {
    for await (const chunk of chunks) {
      const text = decoder.decode(chunk, { stream: true });
      offset += chunk.length;
      if (text !== '') yield text;
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new OrderFileError(`the file is not ${encoding.toUpperCase()} (a byte near byte ${offset.toLocaleString('en-US')} is not): choose the encoding it was saved in`, ['encoding']);
  }
}

