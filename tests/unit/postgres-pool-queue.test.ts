import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";

/*
 * postgres.js keeps its pool's connections in queues (open, busy, full, …) and moves a connection
 * between them on every query: `move` removes it from its queue, then pushes it onto the next. In
 * 3.4.9 a queue's `shift` left a hole in its array and only started over once it emptied, and
 * `remove` searched from the array's start. A pool whose busy queue never empties (every connection
 * at work: any steady load past the pool's size) grew that array by one per query, and each move
 * scanned all of it: CPU per query tripled within a minute (bench:api's status route and its bare
 * server both slowed round after round; issue 29). scripts/patches/postgres+3.4.9.patch fixes the
 * queue; npm install applies it (postinstall). These tests run the installed module, both builds.
 */
const require = createRequire(import.meta.url);
const cjsDir = dirname(require.resolve("postgres"));
type Queue<T> = { length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };
type QueueOf = <T>(initial?: T[]) => Queue<T>;
const builds: [string, () => Promise<QueueOf>][] = [
  [
    "ESM (src/)",
    async () =>
      ((await import(pathToFileURL(join(cjsDir, "..", "..", "src", "queue.js")).href)) as { default: QueueOf }).default,
  ],
  ["CommonJS (cjs/src/)", async () => require(join(cjsDir, "queue.js")) as QueueOf],
];

afterEach(() => vi.restoreAllMocks());

describe.each(builds)("postgres.js's pool queue, %s", (_name, load) => {
  it("keeps its order and length through pushes, shifts and removes", async () => {
    const Queue = await load();
    const q = Queue<string>();
    ["a", "b", "c", "d"].forEach((x) => q.push(x));
    expect(q.shift()).toBe("a");
    expect(q.remove("c")).toBe("c");
    expect(q.remove("a")).toBeNull();
    expect(q.length).toBe(2);
    expect([q.shift(), q.shift(), q.shift()]).toEqual(["b", "d", undefined]);
    expect(q.length).toBe(0);
    q.push("e");
    expect(q.remove("e")).toBe("e");
    expect(q.length).toBe(0);
  });

  it("searches no more than its live entries when the busy queue never empties under load", async () => {
    const Queue = await load();
    const busy = Queue<{ id: number }>();
    const connections = [1, 2, 3].map((id) => ({ id }));
    connections.forEach((c) => busy.push(c));
    const searched: number[] = [];
    const indexOf = Array.prototype.indexOf;
    vi.spyOn(Array.prototype, "indexOf").mockImplementation(function (this: unknown[], ...args) {
      if (connections.includes(args[0] as { id: number })) searched.push(this.length);
      return indexOf.apply(this, args as [unknown, number?]);
    });
    // What the pool does for each query when every connection is busy: take the next busy one
    // (`go(busy.shift(), query)`), then move it back onto busy (`busy.remove(c)`, `busy.push(c)`).
    for (let query = 0; query < 20_000; query++) {
      const c = busy.shift()!;
      busy.remove(c);
      busy.push(c);
    }
    expect(busy.length).toBe(3);
    expect(Math.max(...searched)).toBeLessThan(200);
  });
});
