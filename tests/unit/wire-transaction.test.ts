import { Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { joinWireTransaction, splitWireTransaction } from "@/lib/chains/solana/split-wire-transaction";
import { unsignedTransactionOf } from "@/lib/chains/solana/unsigned-transaction";

// The co-signer joins wire bytes itself (no web3.js re-serialisation): they must be web3.js's own, byte for byte.
function twoSignerTransaction() {
  const feePayer = Keypair.generate();
  const buyer = Keypair.generate();
  const tx = new Transaction({
    feePayer: feePayer.publicKey,
    blockhash: new PublicKey(new Uint8Array(32).fill(7)).toBase58(),
    lastValidBlockHeight: 1,
  }).add(SystemProgram.transfer({ fromPubkey: buyer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 }));
  return { tx, feePayer, buyer };
}

describe("joinWireTransaction", () => {
  it("makes exactly the bytes web3.js serialises for the same signatures", () => {
    const { tx, feePayer, buyer } = twoSignerTransaction();
    tx.sign(feePayer, buyer);
    const expected = new Uint8Array(tx.serialize());
    const wire = splitWireTransaction(expected)!;
    expect(wire.signatures).toHaveLength(2);
    expect(joinWireTransaction(wire)).toEqual(expected);
  });

  it("keeps empty slots of an unsigned transaction empty", () => {
    const { tx } = twoSignerTransaction();
    const message = new Uint8Array(tx.serializeMessage());
    const unsigned = new Uint8Array(unsignedTransactionOf(message));
    expect(joinWireTransaction(splitWireTransaction(unsigned)!)).toEqual(unsigned);
  });

  it("writes counts over 127 as two compact-u16 bytes", () => {
    const bytes = joinWireTransaction({
      signatures: Array.from({ length: 130 }, () => new Uint8Array(64)),
      message: new Uint8Array([1]),
    });
    expect([...bytes.subarray(0, 2)]).toEqual([0x82, 0x01]);
    expect(bytes.length).toBe(2 + 130 * 64 + 1);
  });

  it("refuses a signature that is not 64 bytes", () => {
    expect(() => joinWireTransaction({ signatures: [new Uint8Array(63)], message: new Uint8Array([1]) })).toThrow(
      /64 bytes/,
    );
  });
});
