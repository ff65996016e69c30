import type { ScryptOptions } from "node:crypto";
import { Worker } from "node:worker_threads";

// What each hashing thread runs. It lowers its own CPU priority first (nice 19: on Linux a nice
// value belongs to one thread, not the process), then hashes with synchronous scrypt on itself.
// Nothing runs on libuv's small pool, which DNS lookups and file reads need, and whenever the
// server's main thread or PostgreSQL want a core, they get it before a hash does.
const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
try { require("node:os").setPriority(19); } catch {}
parentPort.on("message", ({ id, password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keyLength, options) });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});`;

type Job = { resolve: (key: Buffer) => void; reject: (err: Error) => void };
type Thread = { worker: Worker; jobs: Map<number, Job> };

const threads: Thread[] = [];
let nextJob = 0;

/**
 * scrypt on a thread of its own at the lowest CPU priority. Callers bound how many run at once
 * (hash-slots.ts); a thread is started per concurrent hash, on first need, and keeps the process
 * alive only while it hashes.
 */
export function scryptOnLowPriorityThread({
  password,
  salt,
  keyLength,
  options,
}: {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
}): Promise<Buffer> {
  const thread = threads.find((t) => t.jobs.size === 0) ?? startThread();
  const id = nextJob++;
  return new Promise<Buffer>((resolve, reject) => {
    thread.jobs.set(id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ id, password, salt, keyLength, options });
  });
}

function startThread(): Thread {
  const thread: Thread = { worker: new Worker(THREAD_SOURCE, { eval: true }), jobs: new Map() };
  thread.worker.unref();
  thread.worker.on("message", ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
    const job = thread.jobs.get(id);
    thread.jobs.delete(id);
    if (thread.jobs.size === 0) thread.worker.unref();
    if (!job) return;
    if (key) job.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
    else job.reject(new Error(`scrypt failed: ${error}`));
  });
  // A thread that dies (out of memory) fails its hash; the next hash starts a new one.
  const fail = (err: Error) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const job of thread.jobs.values()) job.reject(err);
    thread.jobs.clear();
  };
  thread.worker.on("error", fail);
  thread.worker.on("exit", (code) => fail(new Error(`hashing thread exited with code ${code}`)));
  threads.push(thread);
  return thread;
}
