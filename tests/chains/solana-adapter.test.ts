import { createPrivateKey, randomBytes, sign } from "node:crypto";
import { getBase58Decoder, getBase58Encoder } from "@solana/kit";
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import {
  AddressLookupTableProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  SYSVAR_SLOT_HASHES_PUBKEY,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ChainVerificationError,
  type BuiltTransaction,
  type ChainAdapter,
  type Observation,
  type Tracked,
  type TransferIntent,
} from "@/lib/chains/chain-adapter";
import { devnetNetworks } from "@/lib/chains/devnet-networks";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { localSolanaSigner } from "@/lib/chains/signers/local-signers";
import { createSolanaAdapter } from "@/lib/chains/solana/solana-adapter";
import { BLOCKHASH_REUSE_MS } from "@/lib/chains/solana/recent-blockhash";
import { readTransaction } from "@/lib/chains/solana/read-transaction";
import { submit } from "./submit";
import { startDevnet, type Devnet } from "@payment-service/devnet";
import { web3Figures } from "../support/web3-transaction-figures";

const MEMO_PROGRAM_ID = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
const keypair = (secret: string) => Keypair.fromSecretKey(Uint8Array.from(getBase58Encoder().encode(secret)));

let devnet: Devnet;
let connection: Connection;
let network: NetworkConfig;
let adapter: ChainAdapter;
let buyer: Keypair;
let otherBuyer: Keypair;
let feePayer: Keypair;
let merchant: PublicKey;
let mint: PublicKey;

beforeAll(async () => {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true });
  const info = devnet.info.solana;
  connection = new Connection(info.rpcUrl, "confirmed");
  network = devnetNetworks(devnet.info).find((n) => n.chainId === info.chainId)!;
  feePayer = keypair(info.feePayer.secretKey);
  adapter = createSolanaAdapter({ feePayer: localSolanaSigner(feePayer.secretKey) });
  buyer = keypair(info.buyers[0]!.secretKey);
  otherBuyer = keypair(info.buyers[1]!.secretKey);
  merchant = new PublicKey(info.merchant.publicKey);
  mint = new PublicKey(info.tokens[0]!.mint);
});

afterAll(async () => {
  await devnet?.stop();
});

function intentFor(overrides: Partial<TransferIntent> = {}): TransferIntent {
  return {
    network,
    token: network.tokens[0]!,
    method: "spl_transfer",
    payer: buyer.publicKey.toBase58(),
    recipient: merchant.toBase58(),
    amount: 2_500_000n, // 2.5 USDC
    reference: `0x${randomBytes(32).toString("hex")}`,
    validBefore: Math.floor(Date.now() / 1000) + 900,
    ...overrides,
  };
}

function unsignedTransaction(built: BuiltTransaction): Transaction {
  const param = built.actions[0]!.params[0] as { transaction: string };
  return Transaction.from(Buffer.from(param.transaction, "base64"));
}

/** What a wallet does with solana_signTransaction: decode, sign as the buyer, hand back the whole transaction. */
function walletSign(built: BuiltTransaction, signer: Keypair, alter?: (tx: Transaction) => void): string {
  const tx = unsignedTransaction(built);
  alter?.(tx);
  tx.partialSign(signer);
  return tx.serialize({ requireAllSignatures: false }).toString("base64");
}

async function tokenBalance(owner: PublicKey): Promise<bigint> {
  const account = getAssociatedTokenAddressSync(mint, owner, true);
  if (!(await connection.getAccountInfo(account, "confirmed"))) return 0n;
  return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
}

async function settle(intent: TransferIntent, submitted: Tracked, notBefore: Date): Promise<Observation> {
  for (let i = 0; i < 100; i++) {
    const observation = await adapter.observe(intent, { ...submitted, notBefore });
    if (observation.state !== "pending" && observation.state !== "unknown") return observation;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("transaction still pending after 20 s");
}

async function devnetRpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(devnet.info.solana.rpcUrl, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

async function expectRefused(promise: Promise<unknown>, text: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a refusal matching ${text}`).toBeInstanceOf(ChainVerificationError);
  expect((error as Error).message).toMatch(text);
}

describe("Solana adapter (SPL transferChecked, service fee payer)", () => {
  it("pays the merchant end to end: build action, fresh transaction, wallet signature, co-sign, confirm", async () => {
    const intent = intentFor();
    const notBefore = new Date();
    const merchantBefore = await tokenBalance(merchant);
    const buyerSolBefore = await connection.getBalance(buyer.publicKey);
    const feePayerSolBefore = await connection.getBalance(feePayer.publicKey);

    const built = await adapter.resolveBuild(intent);
    expect(built.actions).toEqual([
      {
        type: "walletRpc",
        chainId: network.chainId,
        method: "solana_signTransaction",
        params: [{ transaction: expect.any(String) }],
      },
    ]);
    // The option's build action carries that same transaction, ready to sign without fetch.
    expect(await adapter.actionsFor(intent, built)).toEqual([{ type: "build", request: built.actions[0] }]);
    const unsigned = unsignedTransaction(built);
    expect(unsigned.serializeMessage().toString("base64")).toBe(built.message);
    expect(unsigned.feePayer?.equals(feePayer.publicKey)).toBe(true);
    expect(unsigned.signatures.every((s) => s.signature === null)).toBe(true); // the service signs only at confirm
    expect(unsigned.instructions.map((ix) => ix.programId.toBase58())).toEqual([
      ASSOCIATED_TOKEN_PROGRAM_ID.toBase58(),
      TOKEN_PROGRAM_ID.toBase58(),
      MEMO_PROGRAM_ID,
    ]);
    const reference = new PublicKey(Buffer.from(intent.reference.slice(2), "hex"));
    expect(unsigned.instructions[1]!.keys.at(-1)).toEqual({ pubkey: reference, isSigner: false, isWritable: false });
    expect(unsigned.instructions[2]!.data.toString()).toContain(intent.reference);

    const submitted = await submit(adapter, {
      intent,
      results: [walletSign(built, buyer)],
      context: { builds: [built], notBefore },
    });
    expect(submitted.lastValidBlockHeight).toBe(built.lastValidBlockHeight);
    const observation = await settle(intent, submitted, notBefore);
    expect(observation).toMatchObject({ state: "confirmed", txHash: submitted.txHashes[0] });
    // The transfer the watcher reports is the one the ledger reads of the same transaction for the
    // merchant's account: the watcher records it, and the ledger leaves it unread.
    const read = await adapter.accountTransfers!(network, [
      { signature: submitted.txHashes[0]!, watches: [{ recipient: intent.recipient, asset: intent.token.caip19 }] },
    ]);
    expect(read.transfers).toHaveLength(1);
    const { paidByService, ...ledgerSees } = read.transfers[0]!;
    expect(paidByService).toBeDefined(); // the ledger's own read also reports the fee payer's costs
    expect(observation.state === "confirmed" ? observation.transfer : undefined).toEqual(ledgerSees);

    // A network asking for finalization (confirmations 32) reports it once the commitment is reached.
    const finalizing = { ...intent, network: { ...network, confirmations: 32 } };
    expect(await settle(finalizing, submitted, notBefore)).toEqual({
      state: "confirmed",
      txHash: submitted.txHashes[0],
      confirmations: 32,
      // The fee payer's fee (two signatures), and the rent when this transfer created the merchant's account.
      fees: expect.arrayContaining([{ kind: "network_fee", txHash: submitted.txHashes[0], amount: 10_000n }]),
      transfer: ledgerSees,
    });

    expect((await tokenBalance(merchant)) - merchantBefore).toBe(intent.amount);
    expect(await connection.getBalance(buyer.publicKey)).toBe(buyerSolBefore); // the buyer paid no SOL
    expect(await connection.getBalance(feePayer.publicKey)).toBe(feePayerSolBefore - 10_000); // 2 signatures x 5000
    const landed = await connection.getTransaction(submitted.txHashes[0]!, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toContain(reference.toBase58());

    // The same landed transaction does not satisfy an intent for another amount or payment, or one created after it.
    expect(await adapter.observe({ ...intent, amount: intent.amount + 1n }, { ...submitted, notBefore })).toMatchObject(
      { state: "failed" },
    );
    const otherPayment = { ...intent, reference: `0x${randomBytes(32).toString("hex")}` as const };
    expect(await adapter.observe(otherPayment, { ...submitted, notBefore })).toMatchObject({
      state: "failed",
      reason: expect.stringMatching(/reference/),
    });
    const later = new Date(Date.now() + 3_600_000);
    expect(await adapter.observe(intent, { ...submitted, notBefore: later })).toMatchObject({
      state: "failed",
      reason: expect.stringMatching(/before/),
    });
  });

  it("creates the token account of a merchant that has none, paid by the fee payer", async () => {
    const freshMerchant = Keypair.generate().publicKey;
    const account = getAssociatedTokenAddressSync(mint, freshMerchant);
    expect(await connection.getAccountInfo(account)).toBeNull();
    const intent = intentFor({ recipient: freshMerchant.toBase58(), amount: 1_234_567n });
    const notBefore = new Date();
    const buyerSolBefore = await connection.getBalance(buyer.publicKey);

    const built = await adapter.resolveBuild(intent);
    const submitted = await submit(adapter, {
      intent,
      results: [walletSign(built, buyer)],
      context: { builds: [built], notBefore },
    });
    expect(await settle(intent, submitted, notBefore)).toMatchObject({ state: "confirmed" });

    expect(await tokenBalance(freshMerchant)).toBe(1_234_567n);
    expect(await connection.getBalance(buyer.publicKey)).toBe(buyerSolBefore); // rent came from the fee payer too
  });

  describe("refuses, and nothing lands", () => {
    let merchantBefore: bigint;
    beforeAll(async () => {
      merchantBefore = await tokenBalance(merchant);
    });
    const expectMerchantUnchanged = async () => expect(await tokenBalance(merchant)).toBe(merchantBefore);

    it("a message altered after the service built it, then signed by the buyer", async () => {
      const intent = intentFor();
      const built = await adapter.resolveBuild(intent);
      const attacker = Keypair.generate().publicKey;
      const cases: ((tx: Transaction) => void)[] = [
        // Same blockhash, same fee payer, 100x the amount.
        (tx) => {
          const source = getAssociatedTokenAddressSync(mint, buyer.publicKey);
          const destination = getAssociatedTokenAddressSync(mint, merchant);
          const bigger = createTransferCheckedInstruction(
            source,
            mint,
            destination,
            buyer.publicKey,
            intent.amount * 100n,
            6,
          );
          bigger.keys.push(tx.instructions[1]!.keys.at(-1)!);
          tx.instructions[1] = bigger;
        },
        // Tokens redirected to someone else.
        (tx) => {
          tx.instructions[1]!.keys[2]!.pubkey = getAssociatedTokenAddressSync(mint, attacker);
        },
        // One byte of the memo.
        (tx) => {
          const memo = tx.instructions[2]!;
          memo.data = Buffer.from(memo.data.toString().replace(/.$/, (c) => (c === "0" ? "1" : "0")));
        },
      ];
      for (const alter of cases) {
        await expectRefused(
          submit(adapter, {
            intent,
            results: [walletSign(built, buyer, alter)],
            context: { builds: [built], notBefore: new Date() },
          }),
          /transaction altered/,
        );
      }
      await expectMerchantUnchanged();
    });

    it("a transaction signed by another buyer", async () => {
      const intent = intentFor();
      const built = await adapter.resolveBuild(intent);
      // Another key's signature in the buyer's slot.
      const tx = unsignedTransaction(built);
      const seed = Buffer.from(otherBuyer.secretKey.subarray(0, 32)).toString("base64url");
      const x = otherBuyer.publicKey.toBuffer().toString("base64url");
      const otherKey = createPrivateKey({ key: { kty: "OKP", crv: "Ed25519", d: seed, x }, format: "jwk" });
      tx.addSignature(buyer.publicKey, sign(null, tx.serializeMessage(), otherKey));
      const forged = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString("base64");
      await expectRefused(
        submit(adapter, { intent, results: [forged], context: { builds: [built], notBefore: new Date() } }),
        /signature does not verify/,
      );

      // The other buyer's wallet making itself the token authority changes the message.
      const rebuilt = walletSign(built, otherBuyer, (t) => {
        t.signatures = t.signatures.filter((s) => !s.publicKey.equals(buyer.publicKey));
        const source = getAssociatedTokenAddressSync(mint, otherBuyer.publicKey);
        const destination = getAssociatedTokenAddressSync(mint, merchant);
        const own = createTransferCheckedInstruction(source, mint, destination, otherBuyer.publicKey, intent.amount, 6);
        own.keys.push(t.instructions[1]!.keys.at(-1)!);
        t.instructions[1] = own;
      });
      await expectRefused(
        submit(adapter, { intent, results: [rebuilt], context: { builds: [built], notBefore: new Date() } }),
        /transaction altered/,
      );

      // Not signed at all.
      const unsigned = unsignedTransaction(built)
        .serialize({ requireAllSignatures: false, verifySignatures: false })
        .toString("base64");
      await expectRefused(
        submit(adapter, { intent, results: [unsigned], context: { builds: [built], notBefore: new Date() } }),
        /signature is missing/,
      );
      await expectMerchantUnchanged();
    });

    it("a detached signature instead of the signed transaction", async () => {
      const intent = intentFor();
      const built = await adapter.resolveBuild(intent);
      const tx = unsignedTransaction(built);
      tx.partialSign(buyer);
      const signature = tx.signatures.find((s) => s.publicKey.equals(buyer.publicKey))!.signature!;
      for (const detached of [signature.toString("base64"), getBase58Decoder().decode(signature)]) {
        await expectRefused(
          submit(adapter, { intent, results: [detached], context: { builds: [built], notBefore: new Date() } }),
          /detached signature/,
        );
      }
      await expectMerchantUnchanged();
    });

    it("a payer that is the service's own fee payer (its signature would authorise the transfer)", async () => {
      const intent = intentFor({ payer: feePayer.publicKey.toBase58() });
      await expectRefused(adapter.resolveBuild(intent), /fee payer/);
      const honest = await adapter.resolveBuild(intentFor({ reference: intent.reference }));
      await expectRefused(
        submit(adapter, {
          intent,
          results: [walletSign(honest, buyer)],
          context: { builds: [honest], notBefore: new Date() },
        }),
        /fee payer/,
      );
      await expectMerchantUnchanged();
    });

    it("a wrong number of results", async () => {
      const intent = intentFor();
      const built = await adapter.resolveBuild(intent);
      const signed = walletSign(built, buyer);
      await expectRefused(
        submit(adapter, { intent, results: [], context: { builds: [built], notBefore: new Date() } }),
        /exactly one result/,
      );
      await expectRefused(
        submit(adapter, { intent, results: [signed, signed], context: { builds: [built], notBefore: new Date() } }),
        /exactly one result/,
      );
      await expectMerchantUnchanged();
    });

    it("a build made for another intent (the stored build is re-derived from the intent)", async () => {
      const intent = intentFor();
      const built = await adapter.resolveBuild(intent);
      const signed = walletSign(built, buyer);
      await expectRefused(
        submit(adapter, {
          intent: { ...intent, amount: 1n },
          results: [signed],
          context: { builds: [built], notBefore: new Date() },
        }),
        /does not match/,
      );
      await expectRefused(
        submit(adapter, { intent, results: [signed], context: { notBefore: new Date() } }),
        /fetch it first/,
      );
      await expectMerchantUnchanged();
    });

    it("a transfer the buyer cannot fund, at preflight, with the program's reason", async () => {
      const intent = intentFor({ amount: 10n ** 15n }); // the buyer holds 10^12 base units
      const built = await adapter.resolveBuild(intent);
      await expectRefused(
        submit(adapter, {
          intent,
          results: [walletSign(built, buyer)],
          context: { builds: [built], notBefore: new Date() },
        }),
        /insufficient funds/,
      );
      await expectMerchantUnchanged();
    });
  });

  it("options-time builds: one blockhash for many intents, shared by a fetch soon after; the build action is refused for another intent; confirm takes either stored build", async () => {
    const intents = [intentFor(), intentFor(), intentFor({ payer: otherBuyer.publicKey.toBase58() })];
    const builds = await adapter.resolveBuilds(intents);
    const blockhashes = builds.map((b) => unsignedTransaction(b).recentBlockhash);
    expect(new Set(blockhashes).size).toBe(1);
    // Same message bytes as a one-off build would give, and its unsigned form as web3.js serialises it.
    for (const built of builds) {
      const tx = unsignedTransaction(built);
      expect(tx.serializeMessage().toString("base64")).toBe(built.message);
      expect(tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString("base64")).toBe(
        (built.actions[0]!.params[0] as { transaction: string }).transaction,
      );
    }
    await expectRefused(adapter.actionsFor(intents[1]!, builds[0]), /does not match/);
    await expectRefused(adapter.actionsFor(intents[0]!), /fetch it first/);

    // Within BLOCKHASH_REUSE_MS a fetch builds on the same blockhash: the same bytes, at no RPC call.
    const intent = intents[0]!;
    const offered = builds[0]!;
    expect((await adapter.resolveBuild(intent)).message).toBe(offered.message);
    // An options-time build and a later fetch-time one (after the reuse window) are both stored: a
    // signature over either is accepted, only for its own intent.
    await devnetRpc("devnet_advanceSlots", [2]);
    await new Promise((r) => setTimeout(r, BLOCKHASH_REUSE_MS));
    const fetched = await adapter.resolveBuild(intent);
    expect(fetched.message).not.toBe(offered.message);
    const both = [offered, fetched];
    expect(
      await adapter.verify(intent, [walletSign(offered, buyer)], { builds: both, notBefore: new Date() }),
    ).toMatchObject({ kind: "cosigned", lastValidBlockHeight: offered.lastValidBlockHeight });
    expect(
      await adapter.verify(intent, [walletSign(fetched, buyer)], { builds: both, notBefore: new Date() }),
    ).toMatchObject({ kind: "cosigned", lastValidBlockHeight: fetched.lastValidBlockHeight });
    await expectRefused(
      adapter.verify(intent, [walletSign(builds[1]!, buyer)], { builds: both, notBefore: new Date() }),
      /transaction altered/,
    );
    await expectRefused(
      adapter.verify(intent, [walletSign(offered, buyer)], { builds: [fetched], notBefore: new Date() }),
      /transaction altered/,
    );
  });

  it("confirm's simulation of the co-signed bytes: one the buyer can fund passes and sends nothing; one it cannot is refused with the program's reason", async () => {
    const merchantBefore = await tokenBalance(merchant);
    const simulated = async (intent: TransferIntent) => {
      const built = await adapter.resolveBuild(intent);
      const verified = await adapter.verify(intent, [walletSign(built, buyer)], {
        builds: [built],
        notBefore: new Date(),
      });
      if (verified.kind !== "cosigned") throw new Error(`expected a co-signed transfer, got ${verified.kind}`);
      return adapter.simulate!(network, verified.rawTx);
    };
    await expect(simulated(intentFor())).resolves.toBeUndefined();
    await expectRefused(simulated(intentFor({ amount: 10n ** 15n })), /refused the transaction: .*insufficient funds/);
    expect(await tokenBalance(merchant)).toBe(merchantBefore);
  });

  it("submitting the same signed transaction twice pays once: the resend is idempotent", async () => {
    const intent = intentFor();
    const notBefore = new Date();
    const merchantBefore = await tokenBalance(merchant);
    const built = await adapter.resolveBuild(intent);
    const signed = walletSign(built, buyer);

    const submitted = await submit(adapter, { intent, results: [signed], context: { builds: [built], notBefore } });
    expect((await settle(intent, submitted, notBefore)).state).toBe("confirmed");
    // The same bytes again (a crash-recovery resend): accepted as already there, never a second transfer.
    const replay = await submit(adapter, { intent, results: [signed], context: { builds: [built], notBefore } });
    expect(replay.txHashes).toEqual(submitted.txHashes);

    expect(await settle(intent, submitted, notBefore)).toMatchObject({ state: "confirmed" });
    expect((await tokenBalance(merchant)) - merchantBefore).toBe(intent.amount);
  });

  it("a transaction whose blockhash expired before it was sent: refused at send, reported expired by observe", async () => {
    const intent = intentFor();
    const notBefore = new Date();
    const merchantBefore = await tokenBalance(merchant);
    const built = await adapter.resolveBuild(intent);
    const signed = walletSign(built, buyer);
    await devnetRpc("devnet_advanceSlots", [200]);
    expect(await connection.getBlockHeight()).toBeGreaterThan(built.lastValidBlockHeight!);

    await expectRefused(
      submit(adapter, { intent, results: [signed], context: { builds: [built], notBefore } }),
      /blockhash expired/,
    );

    // Had it been handed to the network and dropped, its hash (the fee payer's signature) never shows up.
    const cosigned = Transaction.from(Buffer.from(signed, "base64"));
    cosigned.partialSign(feePayer);
    const dropped: Tracked = {
      kind: "cosigned",
      txHashes: [getBase58Decoder().decode(cosigned.signature!)],
      lastValidBlockHeight: built.lastValidBlockHeight,
      notBefore,
    };
    expect(await adapter.observe(intent, dropped)).toEqual({ state: "unknown", nonceUsed: false, expired: true });
    expect(await tokenBalance(merchant)).toBe(merchantBefore);
  });
});

describe("readTransaction (getTransaction at base64, without web3.js)", () => {
  /** The same landed transaction read both ways: they must agree on all the readers use. */
  async function readBothWays(signature: string) {
    const ours = await readTransaction(network, signature);
    const web3 = await connection.getTransaction(signature, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(ours && { ...ours, keys: ours.keys.map(String) }).toEqual(web3 && web3Figures(web3));
    return ours!;
  }

  beforeAll(async () => {
    // A build within BLOCKHASH_REUSE_MS of the earlier tests' would reuse a blockhash they let expire.
    await new Promise((resolve) => setTimeout(resolve, BLOCKHASH_REUSE_MS));
  });

  async function landed(signature: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if ((await connection.getSignatureStatus(signature)).value) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${signature} did not land in 10 s`);
  }

  it("reads a settled payment (the merchant's token account created in it) as web3.js reads it", async () => {
    const freshMerchant = Keypair.generate().publicKey;
    const intent = intentFor({ recipient: freshMerchant.toBase58(), amount: 765_432n });
    const notBefore = new Date();
    const built = await adapter.resolveBuild(intent);
    const submitted = await submit(adapter, {
      intent,
      results: [walletSign(built, buyer)],
      context: { builds: [built], notBefore },
    });
    expect(await settle(intent, submitted, notBefore)).toMatchObject({ state: "confirmed" });

    const tx = await readBothWays(submitted.txHashes[0]!);
    const account = getAssociatedTokenAddressSync(mint, freshMerchant);
    const index = tx.keys.findIndex((k) => k.equals(account));
    expect(tx.keys[0]!.equals(feePayer.publicKey)).toBe(true);
    expect(tx.meta).toMatchObject({ err: null, fee: 10_000n });
    expect(tx.meta!.preBalances[index]).toBe(0n);
    expect(tx.meta!.postBalances[index]).toBeGreaterThan(0n);
    expect(tx.meta!.preTokenBalances.find((b) => b.accountIndex === index)).toBeUndefined();
    expect(tx.meta!.postTokenBalances.find((b) => b.accountIndex === index)).toEqual({
      accountIndex: index,
      mint: mint.toBase58(),
      owner: freshMerchant.toBase58(),
      amount: 765_432n,
    });
    expect(tx.blockTime).not.toBeNull();
  });

  it("reads a transfer that failed on chain (its error and the fee it still cost) as web3.js reads it", async () => {
    const intent = intentFor({ amount: 10n ** 15n }); // more than the buyer holds
    const built = await adapter.resolveBuild(intent);
    const verified = await adapter.verify(intent, [walletSign(built, buyer)], {
      builds: [built],
      notBefore: new Date(),
    });
    if (verified.kind !== "cosigned") throw new Error(`expected a co-signed transfer, got ${verified.kind}`);
    await adapter.broadcast(network, verified.rawTx, { preflight: false });
    await landed(verified.txHash);

    const tx = await readBothWays(verified.txHash);
    expect(tx.meta!.err).toEqual({ InstructionError: [1, expect.anything()] });
    expect(tx.meta!.fee).toBe(10_000n);
  });

  it("reads a v0 transaction's keys loaded from a lookup table, after its static keys, as web3.js reads them", async () => {
    const reference = Keypair.generate().publicKey;
    const merchantAccount = getAssociatedTokenAddressSync(mint, merchant);
    // A table is made at a slot of the SlotHashes sysvar (the devnet's holds one, not its clock's).
    const slotHashes = (await connection.getAccountInfo(SYSVAR_SLOT_HASHES_PUBKEY, "confirmed"))!.data;
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: buyer.publicKey,
      payer: buyer.publicKey,
      recentSlot: slotHashes.readBigUInt64LE(8),
    });
    const extend = AddressLookupTableProgram.extendLookupTable({
      authority: buyer.publicKey,
      payer: buyer.publicKey,
      lookupTable: table,
      addresses: [merchantAccount, mint, reference],
    });
    const send = async (
      message: TransactionMessage,
      tables = [] as Parameters<typeof message.compileToV0Message>[0],
    ) => {
      const tx = new VersionedTransaction(message.compileToV0Message(tables));
      tx.sign([buyer]);
      const signature = await connection.sendTransaction(tx);
      await landed(signature);
      return signature;
    };
    const { blockhash } = await connection.getLatestBlockhash("confirmed");
    await send(
      new TransactionMessage({ payerKey: buyer.publicKey, recentBlockhash: blockhash, instructions: [create, extend] }),
    );
    await devnetRpc("devnet_advanceSlots", [1]); // a table's new addresses are usable from the next slot
    const lookupTable = (await connection.getAddressLookupTable(table, { commitment: "confirmed" })).value!;

    const pay = createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint, buyer.publicKey),
      mint,
      merchantAccount,
      buyer.publicKey,
      3n,
      6,
    );
    pay.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    const open = createAssociatedTokenAccountIdempotentInstruction(buyer.publicKey, merchantAccount, merchant, mint);
    const sol = SystemProgram.transfer({ fromPubkey: buyer.publicKey, toPubkey: merchant, lamports: 1_000_000n });
    const latest = await connection.getLatestBlockhash("confirmed");
    const signature = await send(
      new TransactionMessage({
        payerKey: buyer.publicKey,
        recentBlockhash: latest.blockhash,
        instructions: [open, pay, sol],
      }),
      [lookupTable],
    );

    const tx = await readBothWays(signature);
    expect(tx.keys.slice(-3).map(String)).toEqual([merchantAccount, mint, reference].map(String));
    const merchantIndex = tx.keys.length - 3;
    expect(tx.meta!.postTokenBalances.find((b) => b.accountIndex === merchantIndex)?.owner).toBe(merchant.toBase58());
  });

  it("is null for a transaction the node does not have", async () => {
    expect(await readTransaction(network, getBase58Decoder().decode(randomBytes(64)))).toBeNull();
  });
});
