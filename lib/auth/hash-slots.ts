import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";

let running = 0;
const waiting: (() => void)[] = [];
// How long one hash takes here, smoothed: what a refused caller is told to wait. Starts at a guess.
let averageMs = 500;

/**
 * Run one password hash when a slot is free: at most PASSWORD_HASH_CONCURRENCY at once in this
 * process, PASSWORD_HASH_QUEUE more waiting in order, and beyond that 503 `server_busy` at once,
 * with a Retry-After of about the time the queue takes to drain. Without the cap a burst of
 * sign-ins puts every core and 128 MiB per hash into scrypt, and every other request of the
 * service waits behind them.
 */
export async function withHashSlot<T>(hash: () => Promise<T>): Promise<T> {
  const { PASSWORD_HASH_CONCURRENCY: slots } = env();
  assertHashSlotsOpen();
  if (running < slots) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  const started = performance.now();
  try {
    return await hash();
  } finally {
    averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
    // The slot passes straight to the next in line, so a newcomer cannot overtake the queue.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Throw 503 `server_busy` now if a hash would be refused now: a sign-in asks before it counts
 * against any limit or reads the database, so a flood the slots refuse costs next to nothing.
 */
export function assertHashSlotsOpen(): void {
  const { PASSWORD_HASH_CONCURRENCY: slots, PASSWORD_HASH_QUEUE: queue } = env();
  if (running >= slots && waiting.length >= queue) throw busy(slots);
}

function busy(slots: number): ApiError {
  const seconds = Math.max(1, Math.ceil(((waiting.length + running) * averageMs) / slots / 1000));
  return new ApiError("server_busy", `The server is busy checking other passwords; try again in ${seconds} seconds`, {
    retryAfterSeconds: seconds,
  });
}

/** Whether `err` is a hash refused for want of a slot (nothing was checked: the attempt may be given back). */
export function isServerBusy(err: unknown): boolean {
  return err instanceof ApiError && err.code === "server_busy";
}
