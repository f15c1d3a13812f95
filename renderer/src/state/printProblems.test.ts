/**
 * Failed prints nobody acted on: retried or dismissed one by one or all at once, each button
 * waiting while its job is acted on, a batch's failures retried together, and the list read
 * again as prints fail or settle.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PrintProblem } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { printJob, printProblem } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { PrintProblemsState } from './printProblems.svelte';

/** A station whose failed prints are `ids`; a retry or dismissal settles the job (and, for a batch, its companions). */
function desk(ids: number[], together: number[][] = []) {
  let open = new Set(ids);
  const settle = (id: number) => {
    const group = together.find((each) => each.includes(id)) ?? [id];
    open = new Set([...open].filter((each) => !group.includes(each)));
    return printJob({ id });
  };
  const station = new FakeStation()
    .answer('listPrintProblems', (): PrintProblem[] => [...open].map((id) => printProblem(printJob({ id }))))
    .answer('retryPrintJob', ({ id }) => settle(id))
    .answer('dismissPrintProblem', ({ id }) => settle(id));
  return { station, problems: new PrintProblemsState(station) };
}

describe('print problems', () => {
  it('a retry waits while it is sent (a second press does nothing) and the list is read again after it', async () => {
    const { station, problems } = desk([1, 2]);
    await problems.load();
    const held = station.holdAnswers();
    const first = problems.retry(1);
    expect(problems.isBusy(1)).toBe(true);
    expect(problems.isBusy(2)).toBe(false);
    await problems.retry(1);
    held.releaseAll();
    await first;
    expect(station.inputsOf('retryPrintJob')).toEqual([{ id: 1 }]);
    expect(problems.isBusy(1)).toBe(false);
    expect(problems.problems.map((p) => p.job.id)).toEqual([2]);
  });

  it('a refused dismissal is said, and the list stays as the station keeps it', async () => {
    const { station, problems } = desk([1]);
    await problems.load();
    station.answer('dismissPrintProblem', () => {
      throw refusal('notFound', 'no print job 1');
    });
    const toasts = watchToasts();
    await problems.dismiss(1);
    expect(toasts).toEqual(['No print job 1.']);
    expect(problems.problems).toHaveLength(1);
  });

  it('Print all again retries each failure once: a batch’s failures go together, and one already handled is passed over', async () => {
    const { station, problems } = desk([1, 2, 3, 4], [[1, 2, 3]]);
    await problems.load();
    await problems.retryAll();
    expect(station.inputsOf('retryPrintJob')).toEqual([{ id: 1 }, { id: 4 }]);
    expect(problems.problems).toEqual([]);
    expect(problems.allBusy).toBe(false);
  });

  it('Dismiss all says the first refusal other than a conflict (another desk settled it), and goes on with the rest', async () => {
    const { station, problems } = desk([1, 2, 3]);
    await problems.load();
    station.answer('dismissPrintProblem', ({ id }) => {
      if (id === 1) throw refusal('conflict', 'print job 1 was already settled');
      if (id === 2) throw refusal('internal', 'the store is locked');
      return printJob({ id });
    });
    const toasts = watchToasts();
    await problems.dismissAll();
    expect(station.inputsOf('dismissPrintProblem')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(toasts).toEqual(['The store is locked. The details are in the station log.']);
  });

  it('is read again when a print fails or settles, and when a voided shipment’s prints are settled; not for test pages', async () => {
    const { station, problems } = desk([]);
    problems.follow();
    const reads = () => station.inputsOf('listPrintProblems').length;
    station.emit({ type: 'printJob', ids: [], state: 'failed', testPage: true, printer: 'Zebra' });
    station.emit({ type: 'printJob', ids: [1], state: 'sent' });
    expect(reads()).toBe(0);
    station.emit({ type: 'printJob', ids: [1], state: 'failed' });
    await vi.waitFor(() => expect(reads()).toBe(1));
    station.emit({ type: 'outboxItem', id: 9, stationRef: 'PB-DESK1-0009', kind: 'cancelShipment', state: 'done' });
    await vi.waitFor(() => expect(reads()).toBe(2));
  });
});
