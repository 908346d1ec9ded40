import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeated } from './repeat';

const log = { error: () => undefined, warn: () => undefined, info: () => undefined };

describe('a nudged job with a gathering delay', () => {
  afterEach(() => vi.useRealTimers());

  it('runs once for a burst of nudges, after the delay, and keeps a run due sooner', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = repeated({
      run: async () => void (runs += 1),
      delayAfter: () => 10_000,
      gatherMs: 50,
      log,
      failed: 'failed',
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);

    // Twenty nudges within the window: one run, 50 ms after the first.
    for (let i = 0; i < 20; i += 1) {
      job.nudge();
      await vi.advanceTimersByTimeAsync(2);
    }
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(2);

    // Later nudges do not push a run already planned further away.
    job.nudge();
    await vi.advanceTimersByTimeAsync(30);
    job.nudge();
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(3);
    await job.stop();
  });

  it('gathers the nudges of a run before the next, unless its batch was full', async () => {
    vi.useFakeTimers({ now: 0 });
    const started: number[] = [];
    // What each run answers: whether its batch was full.
    const full = [false, false, true, false];
    const job = repeated({
      run: async () => {
        started.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 20));
        return full.shift() ?? false;
      },
      delayAfter: (wasFull) => (wasFull ? 0 : 10_000),
      gatherMs: 50,
      log,
      failed: 'failed',
    });
    job.start();
    await vi.advanceTimersByTimeAsync(5);
    job.nudge();
    // The first run ends at 20 ms, nudged during it: the next starts 50 ms later, not at once.
    await vi.advanceTimersByTimeAsync(90);
    job.nudge();
    await vi.advanceTimersByTimeAsync(55);
    // A nudge during a run whose batch was full: the next run starts as that one ends.
    job.nudge();
    await vi.advanceTimersByTimeAsync(100);
    expect(started.slice(0, 3)).toEqual([0, 70, 145]);
    // At the end of the full run (165 ms), give or take the timer's millisecond.
    expect(started).toHaveLength(4);
    expect(started[3]! - 165).toBeLessThanOrEqual(1);
    await job.stop();
  });

  it('runs at once when no delay is given', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = repeated({ run: async () => void (runs += 1), delayAfter: () => 10_000, log, failed: 'failed' });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    job.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    await job.stop();
  });
});
