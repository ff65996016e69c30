import { hexToBigInt, keccak256, recoverAddress, serializeSignature, toHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, sign } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { recoverAddressOf } from "@/lib/chains/evm/recover-address";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe("recoverAddressOf (libsecp256k1 in WebAssembly)", () => {
  it("recovers the signer, as viem does, over many keys and hashes, in both v forms", async () => {
    for (let i = 0; i < 64; i++) {
      const privateKey = generatePrivateKey();
      const hash = keccak256(toHex(`message ${i}`));
      const signature = await sign({ hash, privateKey });
      const withV = serializeSignature(signature); // v = 27 or 28
      const withParity = `${withV.slice(0, 130)}${signature.yParity ? "01" : "00"}` as Hex;
      const expected = privateKeyToAccount(privateKey).address;
      expect(recoverAddressOf(hash, withV)).toBe(expected);
      expect(recoverAddressOf(hash, withParity)).toBe(expected);
      expect(await recoverAddress({ hash, signature: withV })).toBe(expected);
    }
  });

  it("recovers another address for another hash, and the high-s twin to the same one (the token refuses it)", async () => {
    const privateKey = generatePrivateKey();
    const hash = keccak256("0x01");
    const signature = serializeSignature(await sign({ hash, privateKey }));
    const other = recoverAddressOf(keccak256("0x02"), signature);
    expect(other).not.toBe(privateKeyToAccount(privateKey).address);
    expect(other).toBe(await recoverAddress({ hash: keccak256("0x02"), signature }));
    const highS = toHex(N - hexToBigInt(`0x${signature.slice(66, 130)}`), { size: 32 }).slice(2);
    const twin = `${signature.slice(0, 66)}${highS}${signature.endsWith("1b") ? "1c" : "1b"}` as Hex;
    expect(recoverAddressOf(hash, twin)).toBe(privateKeyToAccount(privateKey).address);
  });

  it("throws on a signature that cannot be one: r or s zero or not below the curve order, v not a parity", async () => {
    const hash = keccak256("0x01");
    const signature = serializeSignature(await sign({ hash, privateKey: generatePrivateKey() }));
    const zero = "0".repeat(64);
    const order = N.toString(16);
    expect(() => recoverAddressOf(hash, `0x${zero}${signature.slice(66)}` as Hex)).toThrow();
    expect(() => recoverAddressOf(hash, `${signature.slice(0, 66)}${zero}1b` as Hex)).toThrow();
    expect(() => recoverAddressOf(hash, `0x${order}${signature.slice(66)}` as Hex)).toThrow();
    expect(() => recoverAddressOf(hash, `${signature.slice(0, 130)}25` as Hex)).toThrow();
  });
});
