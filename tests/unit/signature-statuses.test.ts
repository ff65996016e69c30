import type { Connection, SignatureStatus } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { signatureStatus } from "@/lib/chains/solana/signature-statuses";

// Status reads made together share getSignatureStatuses calls (at most 256 signatures each). The
// connection here only records what it is asked; the real node is in the integration suite.

function recordingConnection(fail = false) {
  const calls: string[][] = [];
  const connection = {
    getSignatureStatuses: async (signatures: string[]) => {
      calls.push(signatures);
      if (fail) throw new Error("node down");
      return { context: { slot: 1 }, value: signatures.map((s) => (s.startsWith("x") ? null : statusOf(s))) };
    },
  } as unknown as Connection;
  return { connection, calls };
}

const statusOf = (s: string) => ({ slot: s.length, confirmations: 1, err: null }) as unknown as SignatureStatus;

describe("signatureStatus", () => {
  it("reads asked together share one call; each gets its own answer, unknown ones null", async () => {
    const { connection, calls } = recordingConnection();
    const answers = await Promise.all(["a", "bb", "x1", "a"].map((s) => signatureStatus(connection, s)));
    expect(calls).toEqual([["a", "bb", "x1"]]);
    expect(answers.map((a) => a?.slot ?? null)).toEqual([1, 2, null, 1]);
  });

  it("more than 256 at once take several calls of at most 256", async () => {
    const { connection, calls } = recordingConnection();
    await Promise.all(Array.from({ length: 300 }, (_, i) => signatureStatus(connection, `s${i}`)));
    expect(calls.map((c) => c.length)).toEqual([256, 44]);
  });

  it("a failed call fails each read it carried, and the next reads ask again", async () => {
    const down = recordingConnection(true);
    const reads = ["a", "b"].map((s) => signatureStatus(down.connection, s));
    for (const read of reads) await expect(read).rejects.toThrow(/getSignatureStatuses failed: node down/);
    const { connection, calls } = recordingConnection();
    expect((await signatureStatus(connection, "cc"))?.slot).toBe(2);
    expect(calls).toEqual([["cc"]]);
  });
});
