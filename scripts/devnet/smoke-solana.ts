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
} from "@solana/web3.js";
import type { DevnetInfo } from "./devnet-info";
import { check } from "./smoke-evm";

const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
const keypair = (secret: string) => Keypair.fromSecretKey(Uint8Array.from(getBase58Encoder().encode(secret)));

async function devnetRpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
}

async function expectSendError(send: () => Promise<unknown>, text: string): Promise<SendTransactionError> {
  try {
    await send();
  } catch (error) {
    check(
      error instanceof SendTransactionError && error.message.includes(text),
      `expected "${text}", got: ${String(error)}`,
    );
    return error;
  }
  throw new Error(`expected the node to reject the transaction with "${text}"`);
}

export async function smokeSolana(info: DevnetInfo["solana"], step: (name: string) => void): Promise<void> {
  const connection = new Connection(info.rpcUrl, "confirmed");
  check(
    (await connection.getGenesisHash()).startsWith(info.chainId.slice("solana:".length)),
    "genesis hash does not match the CAIP-2 id",
  );
  const usdc = info.tokens[0];
  const buyerInfo = info.buyers[0];
  check(usdc && buyerInfo, "devnet info lacks the USDC mint or a buyer");
  const mint = new PublicKey(usdc.mint);
  const buyer = keypair(buyerInfo.secretKey);
  const feePayer = keypair(info.feePayer.secretKey);
  const buyerAta = new PublicKey(buyerInfo.tokenAccounts.USDC as string);
  const merchantAta = new PublicKey(info.merchant.tokenAccounts.USDC as string);
  const before = BigInt((await connection.getTokenAccountBalance(merchantAta)).value.amount);

  // (c) Buyer authorises the token transfer, the service's fee payer pays and sends.
  const amount = 2_500_000n; // 2.5 USDC
  const reference = Keypair.generate().publicKey; // Solana Pay reference: read-only, non-signer key
  const transfer = createTransferCheckedInstruction(
    buyerAta,
    mint,
    merchantAta,
    buyer.publicKey,
    amount,
    usdc.decimals,
  );
  transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  const memo = new TransactionInstruction({
    programId: MEMO_PROGRAM,
    keys: [],
    data: Buffer.from(`order ${reference.toBase58().slice(0, 8)}`),
  });
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  const built = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight }).add(transfer, memo);
  built.partialSign(buyer);
  const handedOver = built.serialize({ requireAllSignatures: false }); // what the buyer's wallet returns
  const received = Transaction.from(handedOver);
  received.partialSign(feePayer);
  const signature = await connection.sendRawTransaction(received.serialize());
  const confirmation = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  check(confirmation.value.err === null, `payment failed: ${JSON.stringify(confirmation.value.err)}`);
  const status = (await connection.getSignatureStatuses([signature])).value[0];
  check(
    status && !status.err && ["confirmed", "finalized"].includes(status.confirmationStatus ?? ""),
    `bad status ${JSON.stringify(status)}`,
  );

  const tx = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
  check(tx?.meta && tx.meta.err === null, "getTransaction returned no successful meta");
  const keys = tx.transaction.message.getAccountKeys().staticAccountKeys.map((k) => k.toBase58());
  check(
    keys[0] === feePayer.publicKey.toBase58() && keys.includes(reference.toBase58()),
    "fee payer or reference missing from keys",
  );
  check(tx.meta.fee === 10_000, `fee ${tx.meta.fee}, expected 2 x 5000 lamports`);
  const merchantIndex = keys.indexOf(merchantAta.toBase58());
  const tokenAmount = (list: typeof tx.meta.preTokenBalances) =>
    BigInt(list?.find((b) => b.accountIndex === merchantIndex)?.uiTokenAmount.amount ?? "0");
  const merchantPost = tx.meta.postTokenBalances?.find((b) => b.accountIndex === merchantIndex);
  check(
    merchantPost?.owner === info.merchant.publicKey && merchantPost.mint === usdc.mint,
    "postTokenBalances lacks owner/mint",
  );
  check(
    tokenAmount(tx.meta.postTokenBalances) - tokenAmount(tx.meta.preTokenBalances) === amount,
    "token balance change != amount",
  );
  check(
    tx.meta.logMessages?.some((line) => line.includes("Memo")),
    "memo log missing",
  );

  const parsed = await connection.getParsedTransaction(signature, {
    maxSupportedTransactionVersion: 0,
    commitment: "confirmed",
  });
  const parsedTransfer = parsed?.transaction.message.instructions.find(
    (ix) => "parsed" in ix && ix.parsed?.type === "transferChecked",
  ) as ParsedInstruction | undefined;
  check(
    parsedTransfer?.parsed.info.tokenAmount.amount === amount.toString(),
    "getParsedTransaction lacks transferChecked",
  );
  const found = await connection.getSignaturesForAddress(reference, {}, "confirmed");
  check(
    found[0]?.signature === signature && found[0].memo?.includes("order"),
    "reference lookup (findReference) failed",
  );
  const after = (await getAccount(connection, merchantAta)).amount;
  check(after - before === amount, `merchant ATA rose by ${after - before}, expected ${amount}`);
  step(`solana: fee-payer + partialSign transferChecked ${amount} with reference and memo, confirmed`);

  // A payment that cannot succeed is refused at preflight with the program's logs, like a real node.
  const tooMuch = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight }).add(
    createTransferCheckedInstruction(buyerAta, mint, merchantAta, buyer.publicKey, 10n ** 15n, usdc.decimals),
  );
  tooMuch.sign(feePayer, buyer);
  const failed = await expectSendError(
    () => connection.sendRawTransaction(tooMuch.serialize()),
    "custom program error: 0x1",
  );
  check(
    failed.logs?.some((line) => line.includes("insufficient funds")),
    "preflight error carries no program logs",
  );
  step("solana: failing transfer rejected at preflight with logs");

  // (d) A transaction signed against a blockhash that has since expired is rejected.
  const stale = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight }).add(
    SystemProgram.transfer({ fromPubkey: feePayer.publicKey, toPubkey: buyer.publicKey, lamports: 1 }),
  );
  stale.sign(feePayer);
  if (process.env.SMOKE_REAL_EXPIRY === "1") {
    while ((await connection.getBlockHeight()) <= lastValidBlockHeight) await new Promise((r) => setTimeout(r, 1000));
  } else {
    await devnetRpc(info.rpcUrl, "devnet_advanceSlots", [151]); // a minute of slots at once
  }
  check((await connection.getBlockHeight()) > lastValidBlockHeight, "block height did not pass lastValidBlockHeight");
  check(!(await connection.isBlockhashValid(blockhash)).value, "expired blockhash still reported valid");
  await expectSendError(() => connection.sendRawTransaction(stale.serialize()), "Blockhash not found");
  step("solana: stale blockhash rejected (Blockhash not found)");

  const airdrop = await connection.requestAirdrop(reference, LAMPORTS_PER_SOL);
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature: airdrop, ...latest }, "finalized");
  check((await connection.getBalance(reference, "finalized")) === LAMPORTS_PER_SOL, "airdrop did not arrive");
  step("solana: requestAirdrop + confirmTransaction(finalized) over WebSocket");
}
