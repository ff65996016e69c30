import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from "@solana/web3.js";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { paymentOptions } from "@/db/schema";
import { decodeBase58 } from "@/lib/chains/solana/base58";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { api } from "../support/api";
import { MEMO_PROGRAM_ID } from "@/lib/chains/solana/build-transfer-transaction";
import { optionForDevnetBuyer } from "../support/devnet-buyer";
import { testDb } from "../support/db";
import { chainMerchant, newPayment, waitFinal } from "../support/gateway";
import { eventTypes, paymentRow, transfersOf, until } from "../support/ledger-reads";

// The ledger finds Solana payments without the wallet's confirm: a wallet that pays a Solana Pay
// transfer request (the option's recipient, amount and reference key) sends its own transaction, with
// its own fee payer, and never calls the gateway. The options' built transactions name the service's
// fee payer, which only confirm adds, so the test builds the buyer's transaction as such a wallet does.

const server = () => ({ url: inject("baseUrl") });
const DETECTED_WITHIN_MS = 8_000;
const BUYER = 2;

/** The buyer's own transaction for the option: transferChecked (or a SOL transfer) with the reference key, the buyer paying the fee. */
async function sendAsSolanaPayWallet(optionId: string, note?: string): Promise<string> {
  const { solana } = inject("devnet");
  const [option] = await testDb().db.select().from(paymentOptions).where(eq(paymentOptions.id, optionId));
  const buyer = Keypair.fromSecretKey(decodeBase58(solana.buyers[BUYER]!.secretKey)!);
  const recipient = new PublicKey(option!.recipient);
  const reference = new PublicKey(Buffer.from(option!.reference.slice(2), "hex"));
  const amount = BigInt(option!.tokenAmount);
  const connection = new Connection(solana.rpcUrl, "confirmed");
  const token = solana.tokens.find((t) => option!.tokenCaip19.endsWith(`/token:${t.mint}`));
  const tx = new Transaction({ feePayer: buyer.publicKey, ...(await connection.getLatestBlockhash()) });
  if (token) {
    const mint = new PublicKey(token.mint);
    const program = new PublicKey(token.programId);
    const destination = getAssociatedTokenAddressSync(mint, recipient, true, program);
    const pay = createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint, buyer.publicKey, true, program),
      mint,
      destination,
      buyer.publicKey,
      amount,
      token.decimals,
      [],
      program,
    );
    pay.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    tx.add(
      createAssociatedTokenAccountIdempotentInstruction(buyer.publicKey, destination, recipient, mint, program),
      pay,
    );
  } else {
    const pay = SystemProgram.transfer({ fromPubkey: buyer.publicKey, toPubkey: recipient, lamports: amount });
    pay.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    tx.add(pay);
  }
  // A wallet's second send is another transaction even within one blockhash: its own memo tells them apart.
  if (note) tx.add(new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(note) }));
  tx.sign(buyer);
  return connection.sendRawTransaction(tx.serialize());
}

async function optionOf(paymentId: string, symbol: "USDC" | "SOL") {
  const { option } = await optionForDevnetBuyer(server(), {
    paymentId,
    namespace: "solana",
    symbol,
    buyerIndex: BUYER,
    devnet: inject("devnet"),
  });
  return option;
}

describe("the ledger: Solana payments found by their reference", () => {
  it.each([
    ["USDC", "1234"],
    ["SOL", "2345"],
  ] as const)(
    "a %s transfer the buyer's wallet sends itself, with no confirm ever made, ends succeeded naming its signature",
    async (symbol, value) => {
      const merchant = await chainMerchant({ solana: true });
      const { paymentId } = await newPayment(merchant, value);
      const option = await optionOf(paymentId, symbol);
      const sentAt = Date.now();
      const signature = await sendAsSolanaPayWallet(option.id);

      const status = await waitFinal(paymentId, DETECTED_WITHIN_MS + 2_000);
      const tookMs = Date.now() - sentAt;
      console.log(`Solana ${symbol} transfer found and the payment succeeded ${tookMs} ms after it was sent`);
      expect(status.status).toBe("succeeded");
      expect(tookMs).toBeLessThan(DETECTED_WITHIN_MS);

      const row = await paymentRow(paymentId);
      expect(row).toMatchObject({ txHash: signature, exception: null, optionId: option.id });
      const [transfer, ...more] = await transfersOf(paymentId);
      expect(more).toEqual([]);
      expect(transfer).toMatchObject({
        txHash: signature,
        match: "bound",
        optionId: option.id,
        asset: row.tokenCaip19,
        amount: row.tokenAmount,
        recipient: inject("devnet").solana.merchant.publicKey,
        sender: inject("devnet").solana.buyers[BUYER]!.publicKey,
      });
      expect(["counted", "final"]).toContain(transfer!.state);
      expect(await eventTypes(paymentId)).toEqual(["payment.created", "payment.succeeded", "payment.settled"]);
      // The finality watch follows it to the network's finalized commitment (two slots on the devnet).
      const final = await until(
        async () => (await transfersOf(paymentId))[0]!,
        (t) => t.state === "final",
        DETECTED_WITHIN_MS,
      );
      expect(final.state).toBe("final");
      expect(final.blockNumber).toBeGreaterThan(0n);
    },
  );

  it("a second transfer carrying the same reference is recorded once, as a duplicate exception with its event", async () => {
    const merchant = await chainMerchant({ solana: true });
    const { paymentId } = await newPayment(merchant, "1500");
    const option = await optionOf(paymentId, "USDC");
    const first = await sendAsSolanaPayWallet(option.id);
    expect((await waitFinal(paymentId, DETECTED_WITHIN_MS)).status).toBe("succeeded");
    const again = await sendAsSolanaPayWallet(option.id, "sent again");
    expect(again).not.toBe(first);

    const row = await until(
      () => paymentRow(paymentId),
      (p) => p.exception !== null,
      DETECTED_WITHIN_MS,
    );
    expect(row).toMatchObject({ status: "succeeded", exception: "duplicate", txHash: first });
    const transfers = await transfersOf(paymentId);
    expect(transfers.map((t) => t.txHash).sort()).toEqual([first, again].sort());
    expect(transfers.every((t) => t.match === "bound")).toBe(true);
    expect(await eventTypes(paymentId)).toEqual([
      "payment.created",
      "payment.succeeded",
      "payment.settled",
      "payment.duplicate",
    ]);
  });

  it("money with no reference, from a wallet the service never saw, to a merchant with nothing open is found as unmatched", async () => {
    // A merchant of its own Solana address (no other test pays it) and no payment at all: only a scan
    // of its receiving accounts can find this, as it finds what an exchange or a copied address sends.
    const { solana } = inject("devnet");
    const address = Keypair.generate().publicKey;
    const merchant = await createMerchant(testDb().db, {
      name: "Idle Solana Shop",
      currency: "USD",
      solanaAddress: address.toBase58(),
    });
    const token = solana.tokens.find((t) => t.symbol === "USDC")!;
    const mint = new PublicKey(token.mint);
    const program = new PublicKey(token.programId);
    const sender = Keypair.fromSecretKey(decodeBase58(solana.buyers[BUYER]!.secretKey)!);
    const destination = getAssociatedTokenAddressSync(mint, address, true, program);
    const connection = new Connection(solana.rpcUrl, "confirmed");
    const tx = new Transaction({ feePayer: sender.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      createAssociatedTokenAccountIdempotentInstruction(sender.publicKey, destination, address, mint, program),
      createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(mint, sender.publicKey, true, program),
        mint,
        destination,
        sender.publicKey,
        4_321_000n,
        token.decimals,
        [],
        program,
      ),
    );
    tx.sign(sender);
    const signature = await connection.sendRawTransaction(tx.serialize());

    type Listed = { txHash: string; status: string; sender: string; amount: { value: string } };
    const listed = await until(
      async () => {
        const res = await api("/v1/transfers?status=unmatched", { merchant });
        return ((await res.json()) as { data: Listed[] }).data;
      },
      (data) => data.some((t) => t.txHash === signature),
      DETECTED_WITHIN_MS * 2,
    );
    expect(listed.find((t) => t.txHash === signature)).toMatchObject({
      status: "unmatched",
      sender: sender.publicKey.toBase58(),
      amount: { value: "4321000" },
    });
  });
});
