import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import { Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { accountTransferOf } from "@/lib/chains/solana/account-transfer";
import { landedTransactionOf, type LandedTransaction } from "@/lib/chains/solana/read-transaction";

// How the ledger reads a Solana transaction listed for a merchant's receiving account: what reached
// the recipient, from whom, where in the transaction, and the keys that may name an option.

const CHAIN = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const key = (seed: number) => Keypair.fromSeed(new Uint8Array(32).fill(seed)).publicKey;
const buyer = key(1);
const merchant = key(2);
const mint = key(3);
const referenceHex = `0x${"ab".repeat(32)}`;
const reference = new PublicKey(Buffer.from("ab".repeat(32), "hex"));
const usdc = `${CHAIN}/token:${mint.toBase58()}`;
const sol = `${CHAIN}/slip44:501`;
const buyerAta = getAssociatedTokenAddressSync(mint, buyer, true);
const merchantAta = getAssociatedTokenAddressSync(mint, merchant, true);

type Balances = Record<string, bigint>;

/** A confirmed transaction read from getTransaction's answer (base64): its instructions, each account's balances. */
function landed(
  tx: Transaction,
  opts: { lamports?: [Balances, Balances]; tokens?: [Balances, Balances]; err?: unknown },
): LandedTransaction {
  const message = tx.compileMessage();
  const keys = message.accountKeys.map((k) => k.toBase58());
  const lamports = (side: 0 | 1) => keys.map((k) => Number(opts.lamports?.[side][k] ?? 1_000_000_000n));
  const owners = new Map([
    [buyerAta.toBase58(), buyer.toBase58()],
    [merchantAta.toBase58(), merchant.toBase58()],
  ]);
  const tokens = (side: 0 | 1) =>
    Object.entries(opts.tokens?.[side] ?? {}).map(([account, amount]) => ({
      accountIndex: keys.indexOf(account),
      mint: mint.toBase58(),
      owner: owners.get(account),
      uiTokenAmount: { amount: amount.toString(), decimals: 6, uiAmount: null },
    }));
  const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString("base64");
  const result = {
    slot: 4242,
    blockTime: 1_800_000_000,
    transaction: [wire, "base64"],
    meta: {
      err: opts.err ?? null,
      fee: 5000,
      preBalances: lamports(0),
      postBalances: lamports(1),
      preTokenBalances: tokens(0),
      postTokenBalances: tokens(1),
      innerInstructions: [],
      logMessages: [],
      loadedAddresses: { writable: [], readonly: [] },
    },
  };
  return landedTransactionOf({ result })!;
}

function splPayment(amount: bigint, withReference = true): Transaction {
  const pay = createTransferCheckedInstruction(buyerAta, mint, merchantAta, buyer, amount, 6);
  if (withReference) pay.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  const create = createAssociatedTokenAccountIdempotentInstruction(
    buyer,
    merchantAta,
    merchant,
    mint,
    TOKEN_PROGRAM_ID,
  );
  return new Transaction({ feePayer: buyer, blockhash: key(9).toBase58(), lastValidBlockHeight: 1 }).add(create, pay);
}

const watch = (asset: string) => ({ recipient: merchant.toBase58(), asset });

describe("accountTransferOf", () => {
  it("reads an SPL transfer to the recipient's token account: its rise, the buyer as sender, the transfer instruction's index", () => {
    const tx = landed(splPayment(1_500_000n), {
      tokens: [
        { [buyerAta.toBase58()]: 9_000_000n, [merchantAta.toBase58()]: 100n },
        { [buyerAta.toBase58()]: 7_500_000n, [merchantAta.toBase58()]: 1_500_100n },
      ],
    });
    expect(accountTransferOf(tx, { signature: "sig1", watch: watch(usdc) })).toEqual({
      txHash: "sig1",
      position: 1,
      blockNumber: 4242n,
      blockHash: "slot:4242",
      blockTime: new Date(1_800_000_000_000),
      sender: buyer.toBase58(),
      recipient: merchant.toBase58(),
      asset: usdc,
      amount: 1_500_000n,
      references: expect.arrayContaining([referenceHex]),
    });
  });

  it("counts a token account created in the same transaction (no balance before it)", () => {
    const tx = landed(splPayment(20n), {
      tokens: [{ [buyerAta.toBase58()]: 50n }, { [buyerAta.toBase58()]: 30n, [merchantAta.toBase58()]: 20n }],
    });
    expect(accountTransferOf(tx, { signature: "sig", watch: watch(usdc) })?.amount).toBe(20n);
  });

  it("reads a SOL transfer from the recipient's own lamports", () => {
    const pay = SystemProgram.transfer({ fromPubkey: buyer, toPubkey: merchant, lamports: 777n });
    pay.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    const tx = new Transaction({ feePayer: buyer, blockhash: key(9).toBase58(), lastValidBlockHeight: 1 }).add(pay);
    const b = buyer.toBase58();
    const m = merchant.toBase58();
    const found = accountTransferOf(
      landed(tx, {
        lamports: [
          { [b]: 10_000n, [m]: 1n },
          { [b]: 10_000n - 777n - 5000n, [m]: 778n },
        ],
      }),
      { signature: "sig", watch: watch(sol) },
    );
    expect(found).toMatchObject({ amount: 777n, sender: b, position: 0, asset: sol });
  });

  it("finds nothing in a failed transaction, or one that took money from the recipient, or moved another mint", () => {
    const tokens: [Balances, Balances] = [
      { [buyerAta.toBase58()]: 10n, [merchantAta.toBase58()]: 0n },
      { [buyerAta.toBase58()]: 5n, [merchantAta.toBase58()]: 5n },
    ];
    expect(
      accountTransferOf(landed(splPayment(5n), { tokens, err: { InstructionError: [1, "Custom"] } }), {
        signature: "s",
        watch: watch(usdc),
      }),
    ).toBeUndefined();
    const reversed: [Balances, Balances] = [tokens[1], tokens[0]];
    expect(
      accountTransferOf(landed(splPayment(5n), { tokens: reversed }), { signature: "s", watch: watch(usdc) }),
    ).toBeUndefined();
    // Another mint's transfer is not the watched asset.
    expect(
      accountTransferOf(landed(splPayment(5n), { tokens }), {
        signature: "s",
        watch: watch(`${CHAIN}/token:${key(4).toBase58()}`),
      }),
    ).toBeUndefined();
  });

  it("reads money with no reference key too (anyone's plain transfer), at the same place in the transaction", () => {
    const tokens: [Balances, Balances] = [
      { [buyerAta.toBase58()]: 10n, [merchantAta.toBase58()]: 0n },
      { [buyerAta.toBase58()]: 5n, [merchantAta.toBase58()]: 5n },
    ];
    const found = accountTransferOf(landed(splPayment(5n, false), { tokens }), { signature: "s", watch: watch(usdc) });
    expect(found).toMatchObject({ amount: 5n, sender: buyer.toBase58(), position: 1 });
    expect(found!.references).not.toContain(referenceHex);
  });
});
