import { monitorEventLoopDelay } from 'node:perf_hooks';

const NAME = 'nodejs_event_loop_delay_seconds';
/** From half a sampling period to a second: what an answer waits before its callback can run. */
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/**
 * This process's event-loop delay as a Prometheus histogram (issue 39: a stall shows which process's
 * loop waited, and how long). Node samples the loop every `resolution` ms in C++
 * (`perf_hooks.monitorEventLoopDelay`), so nothing runs in JavaScript between scrapes. Each scrape
 * folds the samples since the last one into cumulative buckets (from the sampler's percentiles, to
 * the precision of its HDR histogram) and starts the sampler again; the counts only grow, as a
 * Prometheus histogram's must, so a bench or `rate()` reads any interval as the difference of two scrapes.
 * The sampler's first tick after a restart only sets its clock, so a stall that begins within one
 * `resolution` of a scrape goes unseen: at a scrape every 15 s, one such window in 1,500.
 */
export function eventLoopDelayHistogram(resolution = 10) {
  const sampler = monitorEventLoopDelay({ resolution });
  sampler.enable();
  const buckets = new Float64Array(BOUNDS.length);
  let count = 0;
  let sum = 0;

  const fold = () => {
    const samples = sampler.count;
    if (samples > 0) {
      // The share of samples at or under each bound: the highest percentile whose value fits under it.
      const percentiles = [...sampler.percentiles].sort(([a], [b]) => a - b);
      BOUNDS.forEach((bound, index) => {
        let share = 0;
        for (const [percentile, nanoseconds] of percentiles) if (nanoseconds / 1e9 <= bound) share = percentile;
        buckets[index]! += Math.round((samples * share) / 100);
      });
      count += samples;
      sum += (sampler.mean / 1e9) * samples;
    }
    sampler.reset();
  };

  return {
    /** The histogram in Prometheus's text format, including every sample since the last call. */
    text(): string {
      fold();
      let lines = `# HELP ${NAME} How late this process's event loop ran its timers (sampled every ${resolution} ms)\n`;
      lines += `# TYPE ${NAME} histogram\n`;
      BOUNDS.forEach((bound, index) => {
        lines += `${NAME}_bucket{le="${bound}"} ${buckets[index]}\n`;
      });
      return `${lines}${NAME}_bucket{le="+Inf"} ${count}\n${NAME}_sum ${sum}\n${NAME}_count ${count}\n`;
    },
    stop: () => sampler.disable(),
  };
}
