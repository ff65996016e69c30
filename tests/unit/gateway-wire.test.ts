import { describe, expect, it } from "vitest";
import { confirmResultsSchema, normalizeResults } from "@/lib/gateway/confirm-results";
import { paymentIdFromPath } from "@/lib/gateway/payment-id-from-path";
import { toWireAction } from "@/lib/gateway/wire-actions";

const ID = "pay_3x9Zq1Lk0aBcDeFgHiJkLm";

describe("gateway wire forms", () => {
  it("render a wallet RPC action in both the SDK's and the spec's form", () => {
    const wire = toWireAction({ type: "walletRpc", chainId: "solana:abc", method: "solana_signTransaction", params: [{ transaction: "AQID" }] });
    expect(wire).toEqual({
      type: "walletRpc",
      data: { chain_id: "solana:abc", method: "solana_signTransaction", params: [{ transaction: "AQID" }] },
      walletRpc: { chainId: "solana:abc", method: "solana_signTransaction", params: '[{"transaction":"AQID"}]' },
    });
    expect(JSON.parse((wire as { walletRpc: { params: string } }).walletRpc.params)).toEqual([{ transaction: "AQID" }]);
    expect(toWireAction({ type: "build", data: "opaque" })).toEqual({ type: "build", data: { data: "opaque" } });
  });

  it("read confirm results as plain strings or the SDK's walletRpc objects", () => {
    const parsed = confirmResultsSchema.parse(["0xsig", { type: "walletRpc", data: ["base64tx"] }]);
    expect(normalizeResults(parsed)).toEqual(["0xsig", "base64tx"]);
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
