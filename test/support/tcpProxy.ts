/**
 * A TCP proxy on 127.0.0.1 between desks and a server, whose link can be cut as a network that
 * drops packets does: `drop()` stops forwarding in both directions without refusing or closing
 * anything (bytes wait, as TCP would retransmit them; a new connection is accepted and hears
 * nothing, as a SYN that gets no answer would), and `restore()` lets everything through again,
 * in order, closes included. Stopped by `close()`.
 */
import net from 'node:net';

export interface TcpProxy {
  readonly host: string;
  readonly port: number;
  /** Whether the link is cut now. */
  readonly dropped: boolean;
  /** Connections accepted so far. */
  readonly accepted: number;
  drop(): void;
  restore(): void;
  close(): Promise<void>;
}

interface Pair {
  readonly downstream: net.Socket;
  upstream: net.Socket | undefined;
}

export async function startTcpProxy(target: { readonly host: string; readonly port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let dropped = false;
  let accepted = 0;

  /** Forwards what `from` reads to `to`, and its end as an end; a socket that fails takes its partner with it. */
  const forward = (from: net.Socket, to: net.Socket): void => {
    from.on('data', (chunk) => to.write(chunk));
    from.on('end', () => to.end());
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  };

  const connectUpstream = (pair: Pair): void => {
    if (pair.downstream.destroyed) return;
    const upstream = net.connect({ host: target.host, port: target.port });
    pair.upstream = upstream;
    forward(pair.downstream, upstream);
    forward(upstream, pair.downstream);
    if (dropped) upstream.pause();
  };

  const server = net.createServer({ pauseOnConnect: true }, (downstream) => {
    accepted += 1;
    const pair: Pair = { downstream, upstream: undefined };
    pairs.add(pair);
    downstream.on('close', () => pairs.delete(pair));
    downstream.on('error', () => undefined);
    // While the link is cut, the connection waits unanswered; it goes through once it is back.
    if (!dropped) {
      connectUpstream(pair);
      downstream.resume();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    host: '127.0.0.1',
    port: address.port,
    get dropped() {
      return dropped;
    },
    get accepted() {
      return accepted;
    },
    drop() {
      dropped = true;
      // Nothing read is nothing forwarded: what the two ends write waits in their buffers.
      for (const pair of pairs) {
        pair.downstream.pause();
        pair.upstream?.pause();
      }
    },
    restore() {
      dropped = false;
      for (const pair of pairs) {
        if (pair.upstream === undefined) connectUpstream(pair);
        pair.downstream.resume();
        pair.upstream?.resume();
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.downstream.destroy();
        pair.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
