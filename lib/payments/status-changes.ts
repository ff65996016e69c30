import { EventEmitter } from "node:events";
import { connection } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { isDraining, onDrain } from "@/lib/lifecycle/lifecycle-host";

const changes = new EventEmitter();
changes.setMaxListeners(0); // one listener per waiting request
let listening: Promise<void> | undefined;

/** One LISTEN connection per process relays `payment_status` notifications (migration 0004). */
function ensureListening(): Promise<void> {
  listening ??= connection()
    .then(({ sql }) => sql.listen("payment_status", (paymentId) => changes.emit(paymentId)))
    .then(() => undefined)
    .catch((err) => {
      listening = undefined;
      throw err;
    });
  return listening;
}

export const MAX_POLL_MS = 30_000;

/**
 * Long-poll: resolve when the payment's status changes (any instance, via PostgreSQL NOTIFY) or
 * after `maxPollMs`. Subscribe first, then read, so a change in between is not missed. A process that
 * is shutting down answers at once with the current status (the client polls again, elsewhere).
 */
export async function withStatusWait<T>({
  paymentId,
  maxPollMs,
  read,
  isFinal,
}: {
  paymentId: string;
  maxPollMs: number;
  read: () => Promise<T>;
  isFinal: (value: T) => boolean;
}): Promise<T> {
  if (maxPollMs <= 0 || isDraining()) return read();
  await ensureListening();
  let wake: () => void = () => {};
  const changed = new Promise<void>((resolve) => (wake = resolve));
  changes.once(paymentId, wake);
  const stopWaitingOnDrain = onDrain(wake);
  try {
    const first = await read();
    if (isFinal(first)) return first;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      changed,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(maxPollMs, MAX_POLL_MS)))),
    ]);
    clearTimeout(timer);
    return read();
  } finally {
    changes.off(paymentId, wake);
    stopWaitingOnDrain();
  }
}

/** `maxPollMs` from a query string (absent: no waiting), capped at 30 s. */
export function maxPollMsOf(url: string): number {
  const raw = new URL(url).searchParams.get("maxPollMs");
  if (raw === null) return 0;
  if (!/^[0-9]{1,9}$/.test(raw)) {
    throw new ApiError("invalid_params", "maxPollMs must be a whole number of milliseconds", {
      issues: [{ field: "maxPollMs", message: "must be an integer >= 0" }],
    });
  }
  return Math.min(Number(raw), MAX_POLL_MS);
}
