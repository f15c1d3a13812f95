/**
 * The desk's one LISTEN session: a connection of its own (LISTEN belongs to a session, so not
 * one borrowed from the pool) that receives the warehouse's notifications as they are sent.
 *
 * When the connection breaks (the server restarted, the network dropped) it connects again
 * with a growing, jittered wait, listens again, and says `resync`: notifications sent while it
 * was away are lost (PostgreSQL keeps none for an absent listener), so whoever shows warehouse
 * data reads it again once. A connection that goes silent without breaking is found by a small
 * query every `heartbeatMs`.
 */
import net from 'node:net';
import pg from 'pg';
import { realTimers, type Timers } from '../platform/clock';
import { messageOf } from './sql';

export type ListenerState = 'connecting' | 'listening' | 'reconnecting' | 'closed';

export interface ListenerEvents {
  /** A notification on one of the channels. */
  notification(channel: string, payload: string | undefined): void;
  /** Listening again after a break: read what is shown again, changes may have been missed. */
  resync(): void;
  /** The connection's state changed; `reason` says why when it broke. */
  state(state: ListenerState, reason?: string): void;
}

export interface ListenerOptions {
  readonly timers?: Timers;
  readonly heartbeatMs?: number;
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly random?: () => number;
}

/** How long a goodbye may take before the connection is cut: a server mid-handshake or behind a dropped network never answers it. */
const END_GRACE_MS = 1_000;

interface Session {
  readonly client: pg.Client;
  /** The connection's own socket, so it can be cut when pg's end() cannot finish. */
  readonly socket: net.Socket;
}

export class WarehouseListener {
  private current: Session | undefined;
  private currentState: ListenerState = 'connecting';
  private closed = false;
  private everListened = false;
  private readonly stopWaiting = new AbortController();
  private readonly handlers: { [K in keyof ListenerEvents]: Set<ListenerEvents[K]> } = { notification: new Set(), resync: new Set(), state: new Set() };
  private readonly timers: Timers;
  private readonly heartbeatMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly random: () => number;
  private running: Promise<void> | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channels: readonly string[],
    options: ListenerOptions = {},
  ) {
    for (const channel of channels) if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.timers = options.timers ?? realTimers;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.minBackoffMs = options.minBackoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.random = options.random ?? Math.random;
  }

  on<K extends keyof ListenerEvents>(event: K, handler: ListenerEvents[K]): () => void {
    this.handlers[event].add(handler);
    return () => this.handlers[event].delete(handler);
  }

  get state(): ListenerState {
    return this.currentState;
  }

  /** Starts listening; resolves once the first LISTEN is in place (or the first attempt failed: it keeps trying). */
  start(): Promise<void> {
    return new Promise<void>((resolve) => {
      const off = this.on('state', (state) => {
        if (state !== 'connecting') {
          off();
          resolve();
        }
      });
      this.running ??= this.loop();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWaiting.abort();
    const current = this.current;
    this.current = undefined;
    if (current !== undefined) await this.end(current);
    await this.running;
    this.setState('closed');
  }

  private setState(state: ListenerState, reason?: string): void {
    if (this.currentState === state && reason === undefined) return;
    this.currentState = state;
    for (const handler of this.handlers.state) handler(state, reason);
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      const broken = await this.session();
      if (this.closed) return;
      failures = broken.listened ? 1 : failures + 1;
      this.setState('reconnecting', broken.reason);
      const cap = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** (failures - 1));
      await this.timers.sleep(Math.max(this.minBackoffMs / 2, Math.round(this.random() * cap)), this.stopWaiting.signal).catch(() => undefined);
    }
  }

  /** One connection, from connect to its break: resolves with why it ended. */
  private async session(): Promise<{ listened: boolean; reason: string }> {
    const socket = new net.Socket();
    const client = new pg.Client({ ...this.config, stream: () => socket });
    const current: Session = { client, socket };
    this.current = current;
    let listened = false;
    const ended = new Promise<string>((resolve) => {
      client.on('error', (error) => resolve(messageOf(error)));
      client.on('end', () => resolve('the connection ended'));
    });
    client.on('notification', (message) => {
      for (const handler of this.handlers.notification) handler(message.channel, message.payload);
    });
    try {
      // pg never settles a connect() whose client was ended meanwhile (close() during a
      // reconnect): the end decides the race instead, or close() would wait for it forever.
      await Promise.race([
        client.connect(),
        ended.then((reason) => {
          throw new Error(reason);
        }),
      ]);
      for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
      listened = true;
      if (this.closed) return { listened, reason: 'closed' };
      this.setState('listening');
      if (this.everListened) for (const handler of this.handlers.resync) handler();
      this.everListened = true;
      const heartbeat = this.heartbeat(client);
      const reason = await ended;
      heartbeat.abort();
      return { listened, reason };
    } catch (error) {
      return { listened, reason: messageOf(error) };
    } finally {
      if (this.current === current) this.current = undefined;
      client.removeAllListeners('notification');
      await this.end(current);
    }
  }

  /** Says goodbye to the server, and cuts the connection if that does not finish in a moment. */
  private async end({ client, socket }: Session): Promise<void> {
    const ended = client.end().catch(() => undefined);
    await Promise.race([ended, this.timers.sleep(END_GRACE_MS).catch(() => undefined)]);
    socket.destroy();
  }

  /** A query every heartbeatMs: a connection that stopped answering is ended, and the loop connects again. */
  private heartbeat(client: pg.Client): AbortController {
    const stop = new AbortController();
    void (async () => {
      while (!stop.signal.aborted) {
        try {
          await this.timers.sleep(this.heartbeatMs, stop.signal);
        } catch {
          return;
        }
        const answered = await Promise.race([
          client.query('SELECT 1').then(
            () => true,
            () => false,
          ),
          this.timers.sleep(this.heartbeatMs, stop.signal).then(
            () => false,
            () => true,
          ),
        ]);
        if (!answered && !stop.signal.aborted) {
          client.emit('error', new Error(`the warehouse database did not answer for ${this.heartbeatMs} ms`));
          return;
        }
      }
    })();
    return stop;
  }
}
