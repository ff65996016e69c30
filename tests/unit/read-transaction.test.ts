import { getBase58Decoder } from "@solana/kit";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import {
  AddressLookupTableAccount,
  Connection,
  Keypair,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
  type VersionedTransactionResponse,
} from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { ChainRpcError } from "@/lib/chains/chain-adapter";
import { balanceChange } from "@/lib/chains/solana/balance-change";
import { landedTransactionOf, type LandedTransaction } from "@/lib/chains/solana/read-transaction";
import { web3Figures } from "../support/web3-transaction-figures";

// The settlement watcher, the ledger and refunds read a landed transaction from getTransaction's
// base64 answer instead of web3.js's: they must see the same keys (lookup tables' included, in the
// order balances index them), instructions, balances, token balances, fee, slot, block time and error.

const key = (seed: number) => Keypair.fromSeed(new Uint8Array(32).fill(seed));
const feePayer = key(1);
const buyer = key(2);
const merchant = key(3).publicKey;
const mint = key(4).publicKey;
const reference = key(5).publicKey;
const buyerAta = getAssociatedTokenAddressSync(mint, buyer.publicKey);
const merchantAta = getAssociatedTokenAddressSync(mint, merchant);
const blockhash = key(9).publicKey.toBase58();
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);

function payment(amount: bigint): TransactionInstruction[] {
  const pay = createTransferCheckedInstruction(buyerAta, mint, merchantAta, buyer.publicKey, amount, 6);
  pay.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  const create = createAssociatedTokenAccountIdempotentInstruction(
    feePayer.publicKey,
    merchantAta,
    merchant,
    mint,
    TOKEN_PROGRAM_ID,
  );
  return [create, pay];
}

/** Signed by the fee payer and the buyer; v0 with `tables` (keys looked up), else legacy. */
function signed(instructions: TransactionInstruction[], tables?: AddressLookupTableAccount[]): VersionedTransaction {
  const message = new TransactionMessage({ payerKey: feePayer.publicKey, recentBlockhash: blockhash, instructions });
  const tx = new VersionedTransaction(tables ? message.compileToV0Message(tables) : message.compileToLegacyMessage());
  tx.sign([feePayer, buyer]);
  return tx;
}

type Tokens = Record<string, [bigint | undefined, bigint | undefined]>;

/** A node's meta for `tx`: distinct lamports per key (the fee payer pays fee and rent), token balances by account. */
function metaOf(tx: VersionedTransaction, tables: AddressLookupTableAccount[], tokens: Tokens) {
  const { message } = tx;
  const lookups = message.version === 0 ? message.getAccountKeys({ addressLookupTableAccounts: tables }) : undefined;
  const loaded = lookups?.accountKeysFromLookups ?? { writable: [], readonly: [] };
  const keys = [...message.staticAccountKeys, ...loaded.writable, ...loaded.readonly].map((k) => k.toBase58());
  const preBalances = keys.map((_, i) => 1_000_000_000 + i * 7);
  const postBalances = keys.map((k, i) =>
    k === merchantAta.toBase58() ? 2_039_280 : i === 0 ? preBalances[0]! - 10_000 - 2_039_280 : preBalances[i]!,
  );
  preBalances[keys.indexOf(merchantAta.toBase58())] = 0;
  const owners = new Map([
    [buyerAta.toBase58(), buyer.publicKey.toBase58()],
    [merchantAta.toBase58(), merchant.toBase58()],
  ]);
  const balances = (side: 0 | 1) =>
    Object.entries(tokens).flatMap(([account, amounts]) => {
      const amount = amounts[side];
      if (amount === undefined) return [];
      const ui = Number(amount) / 1e6;
      return [
        {
          accountIndex: keys.indexOf(account),
          mint: mint.toBase58(),
          owner: owners.get(account),
          programId: TOKEN_PROGRAM_ID.toBase58(),
          uiTokenAmount: { amount: amount.toString(), decimals: 6, uiAmount: ui, uiAmountString: String(ui) },
        },
      ];
    });
  return {
    err: null,
    status: { Ok: null },
    fee: 10_000,
    preBalances,
    postBalances,
    innerInstructions: [],
    logMessages: ["Program log: Instruction: TransferChecked"],
    preTokenBalances: balances(0),
    postTokenBalances: balances(1),
    rewards: [],
    loadedAddresses: { writable: loaded.writable.map(String), readonly: loaded.readonly.map(String) },
    computeUnitsConsumed: 30_000,
  };
}

/** getTransaction's answer for `tx` in both encodings: base64 (ours) and json (web3.js's default). */
function answersOf(tx: VersionedTransaction, meta: ReturnType<typeof metaOf>) {
  const { message } = tx;
  const common = { slot: 4242, blockTime: 1_800_000_000, version: message.version, meta };
  const json = {
    signatures: tx.signatures.map(base58),
    message: {
      header: message.header,
      accountKeys: message.staticAccountKeys.map(String),
      recentBlockhash: message.recentBlockhash,
      instructions: message.compiledInstructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: ix.accountKeyIndexes,
        data: base58(ix.data),
        stackHeight: null,
      })),
      ...(message.version === 0
        ? {
            addressTableLookups: message.addressTableLookups.map((l) => ({
              accountKey: l.accountKey.toBase58(),
              writableIndexes: l.writableIndexes,
              readonlyIndexes: l.readonlyIndexes,
            })),
          }
        : {}),
    },
  };
  return {
    base64: { ...common, transaction: [Buffer.from(tx.serialize()).toString("base64"), "base64"] },
    json: { ...common, transaction: json },
  };
}

/** What web3.js's getTransaction made of the json answer (its own validation and decoding). */
async function web3Read(result: unknown): Promise<VersionedTransactionResponse> {
  const connection = new Connection("http://127.0.0.1:1", {
    fetch: async (_url, init) => {
      const { id } = JSON.parse(String(init?.body)) as { id: unknown };
      return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), {
        headers: { "content-type": "application/json" },
      });
    },
  });
  return (await connection.getTransaction("1", { commitment: "confirmed", maxSupportedTransactionVersion: 0 }))!;
}

const ourFigures = (tx: LandedTransaction | null) => tx && { ...tx, keys: tx.keys.map(String) };

const legacyPayment = () => {
  const tx = signed(payment(1_500_000n));
  const tokens: Tokens = {
    [buyerAta.toBase58()]: [9_000_000n, 7_500_000n],
    [merchantAta.toBase58()]: [undefined, 1_500_000n],
  };
  return answersOf(tx, metaOf(tx, [], tokens));
};

// The merchant's token account (written) and the mint and reference (read only) come from a lookup table.
const table = new AddressLookupTableAccount({
  key: key(20).publicKey,
  state: {
    deactivationSlot: BigInt("0xffffffffffffffff"),
    lastExtendedSlot: 1,
    lastExtendedSlotStartIndex: 0,
    addresses: [key(21).publicKey, mint, merchantAta, reference],
  },
});
const v0Payment = () => {
  const sol = SystemProgram.transfer({ fromPubkey: buyer.publicKey, toPubkey: merchant, lamports: 5n });
  const tx = signed([...payment(2_000_000n), sol], [table]);
  const tokens: Tokens = {
    [buyerAta.toBase58()]: [3_000_000n, 1_000_000n],
    [merchantAta.toBase58()]: [0n, 2_000_000n],
  };
  return answersOf(tx, metaOf(tx, [table], tokens));
};

describe("landedTransactionOf (getTransaction, encoding base64)", () => {
  it("reads a legacy payment as web3.js reads the same answer in json", async () => {
    const { base64, json } = legacyPayment();
    const ours = landedTransactionOf({ result: base64 });
    expect(ourFigures(ours)).toEqual(web3Figures(await web3Read(json)));
    expect(balanceChange(ours!, merchantAta, mint)).toBe(1_500_000n);
    expect(balanceChange(ours!, buyerAta, mint)).toBe(-1_500_000n);
    expect(ours!.meta!.fee).toBe(10_000n);
  });

  it("reads a v0 payment with keys from a lookup table: loaded writable, then loaded read-only, after the static keys", async () => {
    const { base64, json } = v0Payment();
    const ours = landedTransactionOf({ result: base64 })!;
    expect(ourFigures(ours)).toEqual(web3Figures(await web3Read(json)));
    const statics = VersionedTransaction.deserialize(Buffer.from(base64.transaction[0]!, "base64")).message
      .staticAccountKeys.length;
    expect(ours.keys.slice(statics).map(String)).toEqual([merchantAta, mint, reference].map(String));
    expect(balanceChange(ours, merchantAta, mint)).toBe(2_000_000n);
    expect(balanceChange(ours, merchantAta, null)).toBe(2_039_280n); // its rent, put in by the fee payer
  });

  it("keeps a failed transaction's error, a missing block time and a meta the node does not hold", async () => {
    const { base64, json } = legacyPayment();
    const failed = { InstructionError: [1, { Custom: 1 }] };
    for (const change of [{ meta: { ...base64.meta, err: failed } }, { blockTime: null }, { meta: null }]) {
      const ours = landedTransactionOf({ result: { ...base64, ...change } });
      expect(ourFigures(ours)).toEqual(web3Figures(await web3Read({ ...json, ...change })));
    }
  });

  it("is null when the node does not have the transaction", () => {
    expect(landedTransactionOf({ result: null })).toBeNull();
  });

  it("turns a node's error answer into a ChainRpcError (retried, the node's fault)", () => {
    expect(() => landedTransactionOf({ error: { code: -32602, message: "Invalid param: WrongSize" } })).toThrow(
      new ChainRpcError("Solana RPC getTransaction failed: Invalid param: WrongSize"),
    );
  });

  it("refuses a malformed answer as a ChainRpcError, never a crash or a wrong reading", () => {
    const legacy = legacyPayment().base64;
    const v0 = v0Payment().base64;
    const [token] = legacy.meta.postTokenBalances;
    const malformed: unknown[] = [
      "a transaction",
      { ...legacy, slot: undefined },
      { ...legacy, transaction: [legacy.transaction[0], "base58"] },
      { ...legacy, transaction: ["AAAA", "base64"] },
      { ...legacy, transaction: [legacy.transaction[0]!.slice(0, 200), "base64"] },
      { ...legacy, meta: { ...legacy.meta, fee: "10000" } },
      { ...legacy, meta: { ...legacy.meta, err: undefined } },
      { ...legacy, meta: { ...legacy.meta, preBalances: legacy.meta.preBalances.slice(1) } },
      { ...legacy, meta: { ...legacy.meta, postBalances: [...legacy.meta.postBalances, 1] } },
      { ...legacy, meta: { ...legacy.meta, postBalances: legacy.meta.postBalances.map((b) => b + 0.5) } },
      { ...legacy, meta: { ...legacy.meta, postTokenBalances: [{ ...token, uiTokenAmount: { amount: "1.5" } }] } },
      { ...legacy, meta: { ...legacy.meta, postTokenBalances: [{ ...token, accountIndex: 99 }] } },
      { ...legacy, meta: { ...legacy.meta, postTokenBalances: [{ ...token, accountIndex: -1 }] } },
      // A v0 message's lookups with no keys loaded for them, too few, or one that is no key.
      { ...v0, meta: { ...v0.meta, loadedAddresses: undefined } },
      { ...v0, meta: null },
      { ...v0, meta: { ...v0.meta, loadedAddresses: { ...v0.meta.loadedAddresses, readonly: [] } } },
      {
        ...v0,
        meta: { ...v0.meta, loadedAddresses: { writable: ["0OIl"], readonly: v0.meta.loadedAddresses.readonly } },
      },
    ];
    for (const result of malformed) {
      expect(() => landedTransactionOf({ result }), JSON.stringify(result)).toThrow(ChainRpcError);
    }
  });
});
