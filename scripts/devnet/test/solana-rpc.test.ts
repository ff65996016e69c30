import { getBase58Encoder } from "@solana/kit";
import { createTransferCheckedInstruction, getAccount } from "@solana/spl-token";
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type ParsedInstruction,
  type TokenBalance,
} from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevnet, type Devnet, type SolanaInfo } from "../index";

const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
const keypair = (secret: string) => Keypair.fromSecretKey(Uint8Array.from(getBase58Encoder().encode(secret)));

let devnet: Devnet;
let info: SolanaInfo;
let connection: Connection;

beforeAll(async () => {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true });
  info = devnet.info.solana;
  connection = new Connection(info.rpcUrl, "confirmed");
});
afterAll(() => devnet?.stop());

/** The SendTransactionError a send was refused with; fails when the node took the transaction. */
async function refusal(send: Promise<unknown>): Promise<SendTransactionError> {
  try {
    await send;
  } catch (error) {
    if (error instanceof SendTransactionError) return error;
    throw error;
  }
  throw new Error("expected the node to refuse the transaction");
}

function parties() {
  const usdc = info.tokens[0]!;
  return {
    usdc,
    mint: new PublicKey(usdc.mint),
    buyer: keypair(info.buyers[0]!.secretKey),
    feePayer: keypair(info.feePayer.secretKey),
    buyerAta: new PublicKey(info.buyers[0]!.tokenAccounts.USDC!),
    merchantAta: new PublicKey(info.merchant.tokenAccounts.USDC!),
  };
}

describe("the devnet's Solana RPC", () => {
  it("answers with the genesis hash its CAIP-2 id names", async () => {
    expect(await connection.getGenesisHash()).toMatch(new RegExp(`^${info.chainId.slice("solana:".length)}`));
  });

  it("lands an SPL transferChecked the buyer signs and the fee payer pays and sends, findable by its reference", async () => {
    const { usdc, mint, buyer, feePayer, buyerAta, merchantAta } = parties();
    const before = (await getAccount(connection, merchantAta)).amount;
    const amount = 2_500_000n;
    const reference = Keypair.generate().publicKey; // a Solana Pay reference: read-only, not a signer
    const transfer = createTransferCheckedInstruction(buyerAta, mint, merchantAta, buyer.publicKey, amount, 6);
    transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    const memo = new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from("order 42") });
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const built = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight }).add(
      transfer,
      memo,
    );
    built.partialSign(buyer);
    // What the buyer's wallet hands back; the service adds the fee payer's signature and sends it.
    const received = Transaction.from(built.serialize({ requireAllSignatures: false }));
    received.partialSign(feePayer);
    const signature = await connection.sendRawTransaction(received.serialize());
    const confirmed = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
    expect(confirmed.value.err).toBeNull();
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    expect(status?.err).toBeNull();
    expect(["confirmed", "finalized"]).toContain(status?.confirmationStatus);

    const tx = await connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
      commitment: "confirmed",
    });
    expect(tx?.meta?.err).toBeNull();
    const keys = tx!.transaction.message.getAccountKeys().staticAccountKeys.map((k) => k.toBase58());
    expect(keys[0]).toBe(feePayer.publicKey.toBase58());
    expect(keys).toContain(reference.toBase58());
    expect(tx!.meta!.fee).toBe(10_000); // two signatures at 5,000 lamports
    const merchantIndex = keys.indexOf(merchantAta.toBase58());
    const merchantBalance = (list: TokenBalance[] | null | undefined) =>
      list?.find((b) => b.accountIndex === merchantIndex);
    expect(merchantBalance(tx!.meta!.postTokenBalances)).toMatchObject({
      owner: info.merchant.publicKey,
      mint: usdc.mint,
    });
    const moved =
      BigInt(merchantBalance(tx!.meta!.postTokenBalances)!.uiTokenAmount.amount) -
      BigInt(merchantBalance(tx!.meta!.preTokenBalances)!.uiTokenAmount.amount);
    expect(moved).toBe(amount);
    expect(tx!.meta!.logMessages?.some((line) => line.includes("Memo"))).toBe(true);

    const parsed = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
      commitment: "confirmed",
    });
    const parsedTransfer = parsed?.transaction.message.instructions.find(
      (ix) => "parsed" in ix && ix.parsed?.type === "transferChecked",
    ) as ParsedInstruction | undefined;
    expect(parsedTransfer?.parsed.info.tokenAmount.amount).toBe(amount.toString());
    const found = await connection.getSignaturesForAddress(reference, {}, "confirmed");
    expect(found.map((s) => s.signature)).toEqual([signature]);
    expect(found[0]!.memo).toContain("order 42");
    expect((await getAccount(connection, merchantAta)).amount - before).toBe(amount);
  });

  it("refuses at preflight a transfer that cannot succeed, with the program's logs", async () => {
    const { mint, buyer, feePayer, buyerAta, merchantAta } = parties();
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const tooMuch = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight }).add(
      createTransferCheckedInstruction(buyerAta, mint, merchantAta, buyer.publicKey, 10n ** 15n, 6),
    );
    tooMuch.sign(feePayer, buyer);
    const error = await refusal(connection.sendRawTransaction(tooMuch.serialize()));
    expect(error.message).toContain("custom program error: 0x1");
    expect(error.logs?.some((line) => line.includes("insufficient funds"))).toBe(true);
  });

  it("refuses a transaction whose blockhash has expired (devnet_advanceSlots jumps the minute)", async () => {
    const { buyer, feePayer } = parties();
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const stale = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight }).add(
      SystemProgram.transfer({ fromPubkey: feePayer.publicKey, toPubkey: buyer.publicKey, lamports: 1 }),
    );
    stale.sign(feePayer);
    const advanced = await fetch(info.rpcUrl, {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "devnet_advanceSlots", params: [151] }),
    });
    expect(advanced.ok).toBe(true);
    expect(await connection.getBlockHeight()).toBeGreaterThan(lastValidBlockHeight);
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(false);
    const error = await refusal(connection.sendRawTransaction(stale.serialize()));
    expect(error.message).toContain("Blockhash not found");
  });

  it("airdrops, and confirmTransaction at finalized sees it over the WebSocket", async () => {
    const account = Keypair.generate().publicKey;
    const airdrop = await connection.requestAirdrop(account, LAMPORTS_PER_SOL);
    const latest = await connection.getLatestBlockhash();
    const result = await connection.confirmTransaction({ signature: airdrop, ...latest }, "finalized");
    expect(result.value.err).toBeNull();
    expect(await connection.getBalance(account, "finalized")).toBe(LAMPORTS_PER_SOL);
  });
});
