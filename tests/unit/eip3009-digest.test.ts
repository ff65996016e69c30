import { randomBytes } from "node:crypto";
import { getAddress, hashTypedData, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { transferWithAuthorizationDigest } from "@/lib/chains/evm/eip3009-digest";
import { toViemTypedData, transferWithAuthorizationTypedData } from "@/lib/chains/evm/eip3009-typed-data";
import type { TransferIntent } from "@/lib/chains/chain-adapter";

const hex = (bytes: number): Hex => `0x${randomBytes(bytes).toString("hex")}`;
const address = () => getAddress(hex(20));

function typedData({
  amount,
  validBefore,
  name,
  version,
  chainId,
}: {
  amount: bigint;
  validBefore: number;
  name: string;
  version: string;
  chainId: number;
}) {
  const intent = {
    payer: address(),
    recipient: address(),
    amount,
    reference: hex(32),
    validBefore,
  } as unknown as TransferIntent;
  return transferWithAuthorizationTypedData(intent, { name, version, chainId, verifyingContract: address() });
}

describe("transferWithAuthorizationDigest", () => {
  it("is viem's hashTypedData of the same typed data, for any amount, expiry, domain and nonce", () => {
    const cases = [
      { amount: 1n, validBefore: 1, name: "USD Coin", version: "2", chainId: 1 },
      { amount: 2n ** 256n - 1n, validBefore: 2 ** 32, name: "USDC", version: "2", chainId: 8453 },
      { amount: 10_000_000n, validBefore: 1_900_000_000, name: "Token with ünïcode", version: "1", chainId: 31337 },
      ...Array.from({ length: 200 }, (_, i) => ({
        amount: BigInt(`0x${randomBytes(1 + (i % 32)).toString("hex")}`) + 1n,
        validBefore: Math.floor(Math.random() * 2 ** 40),
        name: randomBytes(1 + (i % 40)).toString("base64"),
        version: String(i % 5),
        chainId: 1 + Math.floor(Math.random() * 2 ** 31),
      })),
    ];
    for (const c of cases) {
      const data = typedData(c);
      expect(transferWithAuthorizationDigest(data)).toBe(hashTypedData(toViemTypedData(data)));
    }
  });

  it("changes with every field the buyer signs", () => {
    const data = typedData({ amount: 5n, validBefore: 100, name: "USD Coin", version: "2", chainId: 1 });
    const base = transferWithAuthorizationDigest(data);
    const variants = [
      { ...data, message: { ...data.message, value: "6" } },
      { ...data, message: { ...data.message, validBefore: "101" } },
      { ...data, message: { ...data.message, to: address() } },
      { ...data, message: { ...data.message, from: address() } },
      { ...data, message: { ...data.message, nonce: hex(32) } },
      { ...data, domain: { ...data.domain, chainId: 2 } },
      { ...data, domain: { ...data.domain, version: "3" } },
      { ...data, domain: { ...data.domain, verifyingContract: address() } },
    ];
    for (const v of variants) expect(transferWithAuthorizationDigest(v)).not.toBe(base);
  });
});
