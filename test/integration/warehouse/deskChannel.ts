/**
 * How a desk process (the tests' deskProcess.ts, the bench's warehouseDesk.ts) and the process
 * that started it talk over Node's IPC channel: the desk is given its setup as JSON in its
 * environment, says `ready`, answers each numbered command with a `reply` or a `failed`, and may
 * send events of its own meanwhile. `close` closes the desk and ends its process. The parent's
 * side is `DeskProcess` (desks.ts); this module is the desk's side, and is bundled into it.
 */

/** The environment variable that carries the desk's setup. */
export const DESK_SETUP_ENV = 'PACKBENCH_DESK';

export interface DeskCommandBase {
  readonly op: string;
}

export type CloseCommand = { readonly op: 'close' };

export type ChannelEvent =
  | { readonly event: 'ready' }
  | { readonly event: 'reply'; readonly id: number; readonly result: unknown }
  | { readonly event: 'failed'; readonly id: number; readonly message: string };

export interface DeskEventBase {
  readonly event: string;
}

export interface ChannelRequest<C> {
  readonly id: number;
  readonly command: C | CloseCommand;
}

/** The setup the desk was started with. */
export function deskSetup<S>(): S {
  const json = process.env[DESK_SETUP_ENV];
  if (json === undefined) throw new Error(`a desk process needs its setup in ${DESK_SETUP_ENV}`);
  return JSON.parse(json) as S;
}

/** Sends an event to the parent. */
export function tell<E extends DeskEventBase>(event: E | ChannelEvent): void {
  process.send?.(event);
}

/**
 * Answers the parent's commands with `handle` (one reply per command, in any order), closes the
 * desk with `close` and ends the process on `close`, and says `ready`.
 */
export function serveDesk<C extends DeskCommandBase>(handle: (command: C) => Promise<unknown>, close: () => Promise<void>): void {
  process.on('message', ({ id, command }: ChannelRequest<C>) => {
    const answer = command.op === 'close' ? close().then(() => 'closed') : handle(command as C);
    answer.then(
      (result) => {
        tell({ event: 'reply', id, result });
        if (command.op === 'close') setImmediate(() => process.exit(0));
      },
      (error: unknown) => tell({ event: 'failed', id, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    );
  });
  tell({ event: 'ready' });
}
