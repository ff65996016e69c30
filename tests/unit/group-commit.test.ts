import { describe, expect, it } from "vitest";
import { groupCommit } from "@/lib/concurrency/group-commit";

type Item = { id: string; bad?: boolean };

/** A writer that records what it was asked to write, batch by batch; a batch holding a bad item fails. */
function recorder(options: { maxBatch?: number; slowMs?: number } = {}) {
  const batches: string[][] = [];
  const singles: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const write = groupCommit<Item>({
    async writeMany(items) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, options.slowMs ?? 5));
      inFlight--;
      if (items.some((i) => i.bad)) throw new Error("batch refused");
      batches.push(items.map((i) => i.id));
    },
    async writeOne(item) {
      if (item.bad) throw new Error(`${item.id} refused`);
      singles.push(item.id);
    },
    key: (item) => item.id,
    maxBatch: options.maxBatch ?? 10,
  });
  return { write, batches, singles, maxInFlight: () => maxInFlight };
}

describe("group commit", () => {
  it("writes items arriving together as one batch, and a lone item alone", async () => {
    const r = recorder();
    await Promise.all(["a", "b", "c"].map((id) => r.write({ id })));
    expect(r.batches).toEqual([["a", "b", "c"]]);
    await r.write({ id: "d" });
    expect(r.singles).toEqual(["d"]);
  });

  it("gathers what arrives while a batch is written into the next, one batch in flight", async () => {
    const r = recorder({ slowMs: 20 });
    const first = Promise.all(["a", "b"].map((id) => r.write({ id })));
    await new Promise((res) => setTimeout(res, 5));
    const second = Promise.all(["c", "d", "e"].map((id) => r.write({ id })));
    await Promise.all([first, second]);
    expect(r.batches).toEqual([
      ["a", "b"],
      ["c", "d", "e"],
    ]);
    expect(r.maxInFlight()).toBe(1);
  });

  it("caps a batch at maxBatch and never puts one key twice in a batch", async () => {
    const r = recorder({ maxBatch: 2 });
    await Promise.all(["a", "b", "c", "a"].map((id) => r.write({ id })));
    expect(r.batches).toEqual([
      ["a", "b"],
      ["c", "a"],
    ]);
  });

  it("redoes a failed batch one by one: the others are written, the bad one gets its own error", async () => {
    const r = recorder();
    const results = await Promise.allSettled([
      r.write({ id: "a" }),
      r.write({ id: "x", bad: true }),
      r.write({ id: "b" }),
    ]);
    expect(results.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("x refused"));
    expect(r.batches).toEqual([]);
    expect(r.singles.sort()).toEqual(["a", "b"]);
    // The queue goes on after a failure.
    await Promise.all([r.write({ id: "c" }), r.write({ id: "d" })]);
    expect(r.batches).toEqual([["c", "d"]]);
  });
});
