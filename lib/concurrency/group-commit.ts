/**
 * Group commit: writes that arrive while one batch is being written go together in the next, so
 * under load a process writes a few batches instead of a transaction per item, and alone an item is
 * written at once (the batch starts on the next turn of the event loop, so items arriving together
 * share it). One batch is in flight at a time.
 *
 * `writeMany` writes a batch (two or more) all or nothing; when it throws, each item of that batch is
 * written alone by `writeOne`, so one item's error is its own, not its neighbours'. Items with the same
 * `key` never share a batch (the later waits for the next). The promise of `write` settles when its
 * item is written, with `writeOne`'s error if it failed.
 */
export function groupCommit<T>({
  writeMany,
  writeOne,
  key,
  maxBatch,
  onBatchFailed,
}: {
  writeMany: (items: T[]) => Promise<void>;
  writeOne: (item: T) => Promise<void>;
  key: (item: T) => string;
  maxBatch: number;
  onBatchFailed?: (err: unknown, size: number) => void;
}): (item: T) => Promise<void> {
  type Waiting = { item: T; done: () => void; failed: (err: unknown) => void };
  let waiting: Waiting[] = [];
  let flushing = false;

  function takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const seen = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of waiting) {
      const k = key(w.item);
      if (batch.length < maxBatch && !seen.has(k)) {
        seen.add(k);
        batch.push(w);
      } else rest.push(w);
    }
    waiting = rest;
    return batch;
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      try {
        await writeMany(batch.map((w) => w.item));
        for (const w of batch) w.done();
        return;
      } catch (err) {
        onBatchFailed?.(err, batch.length);
      }
    }
    await Promise.all(batch.map((w) => writeOne(w.item).then(w.done, w.failed)));
  }

  async function flush(): Promise<void> {
    try {
      while (waiting.length > 0) await writeBatch(takeBatch());
    } finally {
      flushing = false;
    }
  }

  return (item) =>
    new Promise<void>((done, failed) => {
      waiting.push({ item, done, failed });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
}
