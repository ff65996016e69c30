import { log } from "@/lib/log";

/**
 * Run `pass` every `intervalMs` in the background (the timer never keeps the process alive). A slow
 * pass is not run again until it has finished, so passes never pile up; a failing one is logged as
 * `job` and the next tick tries again. Returns a stop function.
 */
export function every(job: string, intervalMs: number, pass: () => Promise<void>): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (err) {
      log.error({ job, err }, `${job} pass failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
