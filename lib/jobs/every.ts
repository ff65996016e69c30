import { trackWork } from "@/lib/lifecycle/track-work";
import { log } from "@/lib/log";

/**
 * Run `pass` every `intervalMs` in the background (the timer never keeps the process alive). A slow
 * pass is not run again until it has finished, so passes never pile up; a failing one is logged as
 * `job` and the next tick tries again. A pass in flight is work a shutdown waits for. Returns a stop
 * function: no pass starts after it.
 */
export function every(job: string, intervalMs: number, pass: () => Promise<void>): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await trackWork("job", job, () => pass());
    } catch (err) {
      log.error({ job, err }, `${job} pass failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
