import { describe, expect, it } from "vitest";
import { advanceCursors } from "@/lib/ledger/advance-account-cursors";

// Where a Solana account's cursor moves after a pass: to the newest signature, never past one the
// next pass must read again (so money held by the settlement watcher, or not yet served, is not skipped).

const usdc = { recipient: "Merchant1", asset: "solana:x/token:mint" };
const sol = { recipient: "Merchant1", asset: "solana:x/slip44:501" };
const listed = (watch: typeof usdc, ...sigs: string[]) => ({
  watch,
  signatures: sigs.map((signature) => ({ signature, failed: signature.startsWith("f") })),
});

describe("advanceCursors", () => {
  it("moves each account to its newest signature, failed ones included", () => {
    expect(advanceCursors([listed(usdc, "a", "b", "fc"), listed(sol, "d")], new Map(), new Set())).toEqual([
      { ...usdc, lastSignature: "fc" },
      { ...sol, lastSignature: "d" },
    ]);
  });

  it("stops just before the first signature to read again, later ones read but listed again", () => {
    expect(advanceCursors([listed(usdc, "a", "b", "c")], new Map(), new Set(["b"]))).toEqual([
      { ...usdc, lastSignature: "a" },
    ]);
  });

  it("leaves the cursor where it was when nothing new passed, or the first new one must wait", () => {
    const cursors = new Map([[`${usdc.recipient} ${usdc.asset}`, "z"]]);
    expect(advanceCursors([listed(usdc)], cursors, new Set())).toEqual([]);
    expect(advanceCursors([listed(usdc, "a", "b")], cursors, new Set(["a"]))).toEqual([]);
  });
});
