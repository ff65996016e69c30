import { lifecycleHost, type Work, type WorkKind } from "./lifecycle-host";

/**
 * Run `task` as work a shutdown waits for (a send, a webhook attempt, a job's pass). `cut` aborts when
 * the grace is nearly over and the task is still running: a task that can hand its work back (release
 * its lease so another instance takes it at once) does so then and returns; others just run on until
 * the process exits. A task started after the cut gets an aborted signal.
 */
export function trackWork<T>(kind: WorkKind, label: string, task: (cut: AbortSignal) => Promise<T>): Promise<T> {
  const host = lifecycleHost();
  const id = host.nextWorkId!++;
  const running = task(host.cut!.signal);
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  host.work!.set(id, { kind, label, since: Date.now(), settled });
  void settled.then(() => host.work!.delete(id));
  return running;
}

/** The work in flight now, oldest first. */
export function workInFlight(): Work[] {
  return [...lifecycleHost().work!.values()].sort((a, b) => a.since - b.since);
}

export const CUT = Symbol("cut");

/** `promise`'s value, or CUT if `cut` aborts first (the promise runs on; its outcome is then ignored). */
export function untilCut<T>(cut: AbortSignal, promise: Promise<T>): Promise<T | typeof CUT> {
  if (cut.aborted) {
    promise.catch(() => {});
    return Promise.resolve(CUT);
  }
  return new Promise((resolve, reject) => {
    const onCut = () => resolve(CUT);
    cut.addEventListener("abort", onCut, { once: true });
    promise.then(
      (value) => {
        cut.removeEventListener("abort", onCut);
        resolve(value);
      },
      (err: unknown) => {
        cut.removeEventListener("abort", onCut);
        reject(err);
      },
    );
  });
}
