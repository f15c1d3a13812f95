import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONNECTION_GRACE_MS, FIRST_POLL_MS, GIVE_UP_MS, GIVE_UP_PER_PAGE_MS, giveUpAfterMs, judgeJob, judgeUnanswered, nextPollDelay } from '../../../electron/printing/jobWatcher';

describe('how soon the spooler is asked again', () => {
  it('asks about a job just sent after FIRST_POLL_MS, an older one after a quarter of its age, never later than pollMs', () => {
    expect(nextPollDelay([0], 500)).toBe(FIRST_POLL_MS);
    expect(nextPollDelay([400], 500)).toBe(100);
    expect(nextPollDelay([60_000], 500)).toBe(500);
  });

  it('follows the youngest job out, and waits the whole pollMs with none', () => {
    expect(nextPollDelay([10_000, 200], 500)).toBe(FIRST_POLL_MS * 2);
    expect(nextPollDelay([], 500)).toBe(500);
  });

  it('stays between FIRST_POLL_MS and pollMs, and never asks sooner as jobs age', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000, max: 100_000 }), { maxLength: 5 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: FIRST_POLL_MS, max: 10_000 }), (ages, later, pollMs) => {
        const delay = nextPollDelay(ages, pollMs);
        expect(delay).toBeGreaterThanOrEqual(FIRST_POLL_MS);
        expect(delay).toBeLessThanOrEqual(pollMs);
        expect(nextPollDelay(ages.map((age) => age + later), pollMs)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });
});

describe('how long a job may take', () => {
  const waiting = { jobId: 'label4x6-1', state: 'processing' as const };

  it('gives a one-page job GIVE_UP_MS, and each further page GIVE_UP_PER_PAGE_MS more', () => {
    expect(giveUpAfterMs(1)).toBe(GIVE_UP_MS);
    expect(giveUpAfterMs(200)).toBe(GIVE_UP_MS + 199 * GIVE_UP_PER_PAGE_MS);
    expect(judgeJob('label4x6', waiting, GIVE_UP_MS)).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/not printed after 12 s/) });
    expect(judgeJob('label4x6', waiting, GIVE_UP_MS, 200)).toEqual({ outcome: 'waiting' });
    expect(judgeJob('label4x6', waiting, giveUpAfterMs(200), 200)).toMatchObject({ outcome: 'failed' });
    expect(judgeUnanswered('label4x6', 'no answer', GIVE_UP_MS, 200)).toEqual({ outcome: 'waiting' });
  });

  it('fails a long job on a connection problem after the same grace as a short one', () => {
    const unreachable = { jobId: 'label4x6-2', state: 'processing' as const, reason: 'job-printing: Unable to connect to printer' };
    expect(judgeJob('label4x6', unreachable, CONNECTION_GRACE_MS, 500)).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/cannot be reached/) });
  });
});
