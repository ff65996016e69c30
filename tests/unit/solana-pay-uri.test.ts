import { describe, expect, it } from "vitest";
import { decimalAmount, solanaPayTransferUri } from "@/lib/gateway/requests/solana-pay-uri";

describe("Solana Pay transfer request URIs", () => {
  it("amounts are plain decimals: a leading zero below 1, no trailing zeros, no exponent", () => {
    expect(decimalAmount(12_500_000n, 6)).toBe("12.5");
    expect(decimalAmount(1n, 9)).toBe("0.000000001");
    expect(decimalAmount(3_000_000n, 6)).toBe("3");
    expect(decimalAmount(0n, 6)).toBe("0");
    expect(decimalAmount(42n, 0)).toBe("42");
  });

  it("names the recipient, the mint (none for SOL), the reference as a base58 key, and a percent-encoded label", () => {
    const base = {
      recipient: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
      amount: 12_500_000n,
      decimals: 6,
      reference: `0x${"00".repeat(31)}01`,
      label: "Chain Shop",
      message: "Payment order 7",
      memo: "pay_1",
    };
    expect(
      solanaPayTransferUri({ ...base, asset: "solana:x/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" }),
    ).toBe(
      "solana:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin?amount=12.5&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v&reference=11111111111111111111111111111112&label=Chain%20Shop&message=Payment%20order%207&memo=pay_1",
    );
    expect(
      solanaPayTransferUri({ ...base, asset: "solana:x/slip44:501", decimals: 9, amount: 1_500_000_000n }),
    ).toMatch(/^solana:9xQe\S+\?amount=1\.5&reference=/);
  });
});
