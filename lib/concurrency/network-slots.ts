import { withDeadline } from "./deadline";

export type NetworkSlots = {
  /** Tasks `key` may start now. */
  free(key: string): number;
  /** Tasks of `key` running now. */
  inFlight(key: string): number;
  /**
   * Runs `task` in one of `key`'s slots, for `deadlineMs` at most (see withDeadline): the slot is
   * free again when the task settles or its deadline passes, whichever comes first.
   */
  run<T>(key: string, deadlineMs: number, task: () => Promise<T>): Promise<T>;
};

/**
 * In-flight limits per key (a network's chain id): each key has `limit` slots of its own, so one
 * network whose RPC stalls fills only its own slots, and the deadline gives every slot back in
 * bounded time even when a task never settles. Callers take work only as `free` allows; `run` does
 * not queue, it counts.
 */
export function createNetworkSlots(limit: number): NetworkSlots {
  const running = new Map<string, number>();
  const inFlight = (key: string) => running.get(key) ?? 0;
  return {
    free: (key) => Math.max(0, limit - inFlight(key)),
    inFlight,
    async run(key, deadlineMs, task) {
      running.set(key, inFlight(key) + 1);
      try {
        return await withDeadline(deadlineMs, task);
      } finally {
        const left = inFlight(key) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      }
    },
  };
}
