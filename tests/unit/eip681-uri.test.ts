import { describe, expect, it } from "vitest";
import { eip681Uri, maxRequestOffset } from "@/lib/gateway/requests/eip681-uri";

const MERCHANT = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const USDC = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

describe("EIP-681 payment request URIs", () => {
  it("an ERC-20: the token at the chain, transfer to the merchant of the exact base units", () => {
    expect(
      eip681Uri({
        chainId: "eip155:8453",
        asset: `eip155:8453/erc20:${USDC}`,
        recipient: MERCHANT,
        amount: 12_500_001n,
      }),
    ).toBe(
      "ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@8453/transfer?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&uint256=12500001",
    );
  });

  it("the native coin: the merchant at the chain, with the value in wei as a plain integer", () => {
    expect(
      eip681Uri({
        chainId: "eip155:1",
        asset: "eip155:1/slip44:60",
        recipient: MERCHANT,
        amount: 5_000_000_000_000_000n,
      }),
    ).toBe("ethereum:0x70997970C51812dc3A010C7d01b50e0d17dc79C8@1?value=5000000000000000");
  });

  it("the unique offset stays negligible: a thousandth of the amount, at most 10,000 units, at least 1", () => {
    expect(maxRequestOffset(20_000_000n)).toBe(10_000n);
    expect(maxRequestOffset(1_000_000n)).toBe(1_000n);
    expect(maxRequestOffset(500n)).toBe(1n);
  });
});
