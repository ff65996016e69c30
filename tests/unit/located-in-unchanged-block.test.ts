import { describe, expect, it } from "vitest";
import { locatedInUnchangedBlock } from "@/lib/ledger/watch-transfers";

const tip = { head: 110n, finalized: 100n };
const row = { blockNumber: 105n, blockHash: "0xAbC" };

describe("locatedInUnchangedBlock", () => {
  it("a transfer whose block kept its hash is mined there, as deep as the tip says", () => {
    expect(locatedInUnchangedBlock(row, "0xabc", tip)).toEqual({
      state: "mined",
      blockNumber: 105n,
      blockHash: "0xAbC",
      confirmations: 6,
      final: false,
    });
  });

  it("final once the block is at or below the tip's final block", () => {
    expect(locatedInUnchangedBlock({ ...row, blockNumber: 100n }, "0xabc", tip)).toMatchObject({ final: true });
  });

  it("located afresh when the block changed, was not read, or none was recorded", () => {
    expect(locatedInUnchangedBlock(row, "0xdef", tip)).toBeUndefined();
    expect(locatedInUnchangedBlock(row, undefined, tip)).toBeUndefined();
    expect(locatedInUnchangedBlock({ blockNumber: null, blockHash: null }, "0xabc", tip)).toBeUndefined();
    expect(locatedInUnchangedBlock({ blockNumber: 105n, blockHash: null }, "0xabc", tip)).toBeUndefined();
  });
});
