import { describe, expect, it } from "vitest";
import { confirmResultsSchema, normalizeResults } from "@/lib/gateway/confirm-results";
import { paymentIdFromPath } from "@/lib/gateway/payment-id-from-path";
import { toWireAction } from "@/lib/gateway/wire-actions";

const ID = "pay_3x9Zq1Lk0aBcDeFgHiJkLm";

describe("gateway wire forms", () => {
  it("render a wallet RPC action in both the SDK's and the spec's form", () => {
    const wire = toWireAction({
      type: "walletRpc",
      chainId: "solana:abc",
      method: "solana_signTransaction",
      params: [{ transaction: "AQID" }],
    });
    expect(wire).toEqual({
      type: "walletRpc",
      data: { chain_id: "solana:abc", method: "solana_signTransaction", params: [{ transaction: "AQID" }] },
      walletRpc: { chainId: "solana:abc", method: "solana_signTransaction", params: '[{"transaction":"AQID"}]' },
    });
    expect(JSON.parse((wire as { walletRpc: { params: string } }).walletRpc.params)).toEqual([{ transaction: "AQID" }]);
  });

  it("render a build action as the hex of a WalletRpcAction JSON a wallet can sign without fetch (what the WalletConnect Pay CLI decodes)", () => {
    const request = {
      type: "walletRpc" as const,
      chainId: "solana:abc",
      method: "solana_signTransaction" as const,
      params: [{ transaction: "AQID" }],
    };
    const wire = toWireAction({ type: "build", request });
    if (wire.type !== "build") throw new Error("expected a build action");
    expect(wire.data.data).toMatch(/^[0-9a-f]+$/);
    // The CLI's own decoding: Buffer.from(data, "hex") (a 0x prefix would decode to nothing).
    expect(JSON.parse(Buffer.from(wire.data.data, "hex").toString("utf8"))).toEqual({
      chain_id: "solana:abc",
      method: "solana_signTransaction",
      params: [{ transaction: "AQID" }],
    });
  });

  it("read confirm results as plain strings or the SDK's walletRpc objects", () => {
    const parsed = confirmResultsSchema.parse(["0xsig", { type: "walletRpc", data: ["base64tx"] }]);
    expect(normalizeResults(parsed)).toEqual(["0xsig", "base64tx"]);
    // The WalletConnect Pay CLI merges every result into one entry, in the actions' order.
    expect(normalizeResults(confirmResultsSchema.parse([{ type: "walletRpc", data: ["r1", "r2"] }]))).toEqual([
      "r1",
      "r2",
    ]);
    expect(confirmResultsSchema.safeParse([]).success).toBe(false);
    expect(confirmResultsSchema.safeParse([{ type: "walletRpc", data: [] }]).success).toBe(false);
    expect(confirmResultsSchema.safeParse([42]).success).toBe(false);
  });

  it("find the payment id in a bare id or an encoded payment link", () => {
    expect(paymentIdFromPath(ID)).toBe(ID);
    const link = `https://pay.example.com/pay?pid=${ID}`;
    expect(paymentIdFromPath(encodeURIComponent(link))).toBe(ID);
    expect(paymentIdFromPath(encodeURIComponent(encodeURIComponent(link)))).toBe(ID);
    expect(paymentIdFromPath(link)).toBe(ID);
    expect(paymentIdFromPath("https://pay.example.com/pay?pid=nope")).toBeUndefined();
    expect(paymentIdFromPath("pay_short")).toBeUndefined();
    expect(paymentIdFromPath("%E0%A4%A")).toBeUndefined();
  });
});
