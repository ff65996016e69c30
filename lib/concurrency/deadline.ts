import { AsyncLocalStorage } from "node:async_hooks";

/** A task given a deadline ran past it: what it was waiting on was abandoned, its slot freed. */
export class DeadlineExceededError extends Error {
  constructor(readonly ms: number) {
    super(`deadline of ${ms} ms passed`);
    this.name = "DeadlineExceededError";
  }
}

// The deadline of the task running now, found by the RPC layer without being passed through every call.
const current = new AsyncLocalStorage<AbortSignal>();

/** The abort signal of the deadline the current task runs under (`withDeadline`), if any. */
export function currentDeadline(): AbortSignal | undefined {
  return current.getStore();
}

/**
 * Runs `fn` outside any deadline. For what outlives the call that happens to create it (a shared
 * client's background timers): it would otherwise inherit that one task's deadline for good.
 */
export function outsideDeadline<T>(fn: () => T): T {
  return current.exit(fn);
}

/**
 * Runs `task`, settling at the latest `ms` from now: past it, the promise rejects with
 * DeadlineExceededError and the signal `currentDeadline()` gives inside the task aborts, so the
 * RPC calls it has in flight, and any it starts later, fail at once instead of running on.
 */
export async function withDeadline<T>(ms: number, task: () => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineExceededError(ms);
      // An AbortError to fetch and viem, which then stop without retrying.
      controller.abort(new DOMException(error.message, "AbortError"));
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([current.run(controller.signal, task), expired]);
  } finally {
    clearTimeout(timer);
  }
}
