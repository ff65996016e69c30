import { describe, expect, it } from "vitest";
import { createBlockhashCache, type RecentBlockhash } from "@/lib/chains/solana/recent-blockhash";

function reader() {
  let reads = 0;
  const read = async (): Promise<RecentBlockhash> => ({
    blockhash: `hash-${++reads}`,
    lastValidBlockHeight: 100 + reads,
  });
  return { read, reads: () => reads };
}

describe("the recent blockhash shared by a network's builds", () => {
  it("asks within the reuse window share one read, concurrent or not; after it, a new read", async () => {
    let clock = 0;
    const latest = createBlockhashCache({ reuseMs: 3_000, now: () => clock, own: true });
    const chain = reader();
    const first = await Promise.all([latest("solana:a", chain.read), latest("solana:a", chain.read)]);
    clock = 2_999;
    const later = await latest("solana:a", chain.read);
    expect([...first, later].map((r) => r.blockhash)).toEqual(["hash-1", "hash-1", "hash-1"]);
    clock = 3_000;
    expect((await latest("solana:a", chain.read)).blockhash).toBe("hash-2");
    expect(chain.reads()).toBe(2);
  });

  it("each network has its own; caches made without `own` are the process's one (Next.js bundles share it)", async () => {
    const latest = createBlockhashCache({ now: () => 0, own: true });
    const a = reader();
    const b = reader();
    await latest("solana:a", a.read);
    await latest("solana:b", b.read);
    expect([a.reads(), b.reads()]).toEqual([1, 1]);
    const shared = reader();
    await createBlockhashCache()("solana:shared", shared.read);
    await createBlockhashCache()("solana:shared", shared.read);
    expect(shared.reads()).toBe(1);
  });

  it("a failed read is not kept: the next ask reads again", async () => {
    const latest = createBlockhashCache({ now: () => 0, own: true });
    await expect(latest("solana:a", () => Promise.reject(new Error("node down")))).rejects.toThrow("node down");
    const chain = reader();
    expect((await latest("solana:a", chain.read)).blockhash).toBe("hash-1");
  });
});
