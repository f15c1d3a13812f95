/**
 * A minimal Server-Sent Events reader for the bridge, which reads the stream with fetch (so the
 * token travels in a header, never in a URL) and so cannot use the browser's EventSource. It
 * understands what the web host sends: `data:` lines, ended by a blank line; comments and the
 * other fields (`id:`, `retry:`, `event:`) are skipped.
 */

/** Feed it decoded text as it arrives; it calls `onData` once per complete event. */
export function createSseParser(onData: (data: string) => void): (chunk: string) => void {
  let pending = '';
  let data: string[] = [];
  return (chunk) => {
    pending += chunk;
    // A CR at the very end may be the first half of a CRLF: decide once the next byte is here.
    const held = pending.endsWith('\r') ? '\r' : '';
    const lines = pending.slice(0, pending.length - held.length).split(/\r\n|\r|\n/);
    // The last piece may be a line still on its way.
    pending = (lines.pop() ?? '') + held;
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  };
}
