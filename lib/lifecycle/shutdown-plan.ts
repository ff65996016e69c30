/*
 * The decisions of a shutdown, pure (tests/unit/lifecycle.test.ts): given how long ago it began and
 * what is still in flight, what to do now. The runner (run-shutdown.ts) carries them out.
 *
 *   0                      cutAt                     closeAt           grace
 *   |-- wait for requests, --|-- sends and attempts   --|-- leases released, --|
 *       sends, attempts,         still running hand       pools closed, exit
 *       job passes to end        their work back
 */

/** When, from the signal, work in flight is told to hand back, and when the process stops waiting. */
export type ShutdownTimes = { cutAtMs: number; closeAtMs: number };

/** Time kept at the end for releasing leases and closing pools (a tenth of the grace, at most 2 s). */
const CLOSE_SHARE = 0.1;
const CLOSE_MAX_MS = 2_000;
/** Time between the cut and the close for cut work to write its hand-back and answer (a fifth, at most 3 s). */
const CUT_SHARE = 0.2;
const CUT_MAX_MS = 3_000;

export function shutdownTimes(graceMs: number): ShutdownTimes {
  const grace = Math.max(0, graceMs);
  const closeAtMs = grace - Math.min(CLOSE_MAX_MS, Math.round(grace * CLOSE_SHARE));
  const cutAtMs = closeAtMs - Math.min(CUT_MAX_MS, Math.round(grace * CUT_SHARE));
  return { cutAtMs, closeAtMs };
}

export type ShutdownState = {
  elapsedMs: number;
  graceMs: number;
  /** HTTP requests in flight (long-polls were answered when the drain began). */
  requests: number;
  /** Sends, webhook attempts, watcher checks and job passes in flight. */
  work: number;
  /** Whether work in flight was already told to hand back. */
  cut: boolean;
};

export type ShutdownStep =
  /** Nothing to do yet: look again after `ms` (earlier if something finishes). */
  | { kind: "wait"; ms: number }
  /** Tell the work still in flight to hand its work back. */
  | { kind: "cut" }
  /**
   * Release what is still leased, close pools and LISTEN connections, exit. `complete`: nothing was in
   * flight any more (exit 0); else the grace ran out with work unfinished (exit 1, saying what).
   */
  | { kind: "close"; complete: boolean };

/** How often the runner looks while nothing tells it that work finished. */
const POLL_MS = 50;

export function nextShutdownStep(state: ShutdownState): ShutdownStep {
  const { cutAtMs, closeAtMs } = shutdownTimes(state.graceMs);
  if (state.requests === 0 && state.work === 0) return { kind: "close", complete: true };
  if (state.elapsedMs >= closeAtMs) return { kind: "close", complete: false };
  if (!state.cut && state.work > 0 && state.elapsedMs >= cutAtMs) return { kind: "cut" };
  const until = state.cut || state.work === 0 ? closeAtMs : cutAtMs;
  return { kind: "wait", ms: Math.max(1, Math.min(POLL_MS, until - state.elapsedMs)) };
}

/** The exit code of a shutdown: 0 when everything finished or was handed back, 1 when the grace cut something. */
export function shutdownExitCode(step: { kind: "close"; complete: boolean }): 0 | 1 {
  return step.complete ? 0 : 1;
}
