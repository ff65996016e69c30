import {
  createCloseAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from "@solana/web3.js";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { merchants, payments, serviceFees, sponsoredTokenAccounts } from "@/db/schema";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { confirmAt, createPaymentAt, signWithDevnetBuyer } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";

let setup: ProxiedSetup | undefined;
afterAll(async () => {
  await setup?.close();
});

const connection = () => new Connection(inject("devnet").solana.rpcUrl, "confirmed");

async function funded(lamports: number): Promise<Keypair> {
  const key = Keypair.generate();
  const signature = await connection().requestAirdrop(key.publicKey, lamports);
  await waitLanded(signature);
  return key;
}

async function waitLanded(signature: string) {
  for (let i = 0; i < 100; i++) {
    const { value } = await connection().getSignatureStatuses([signature]);
    if (value[0]?.confirmationStatus === "confirmed" || value[0]?.confirmationStatus === "finalized") {
      if (value[0].err) throw new Error(`transaction failed: ${JSON.stringify(value[0].err)}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${signature} did not land`);
}

/** The merchant empties its USDC account and closes it, taking the rent back (what an abuser repeats). */
async function emptyAndClose(merchant: Keypair, mint: PublicKey, sink: PublicKey) {
  const account = getAssociatedTokenAddressSync(mint, merchant.publicKey, true);
  const balance = BigInt((await connection().getTokenAccountBalance(account)).value.amount);
  const { blockhash } = await connection().getLatestBlockhash();
  const tx = new Transaction({ feePayer: merchant.publicKey, recentBlockhash: blockhash }).add(
    createTransferCheckedInstruction(
      account,
      mint,
      getAssociatedTokenAddressSync(mint, sink, true),
      merchant.publicKey,
      balance,
      6,
    ),
    createCloseAccountInstruction(account, merchant.publicKey, merchant.publicKey),
  );
  tx.sign(merchant);
  await waitLanded(await connection().sendRawTransaction(tx.serialize()));
  expect(await connection().getAccountInfo(account)).toBeNull();
}

describe("the service's Solana fee payer funds a merchant's token account once", () => {
  it("a merchant that closes its USDC account between three payments gets the rent once; the buyer funds it after that", async () => {
    setup = await proxiedSetup("solana_rent");
    const { solana } = inject("devnet");
    const mint = new PublicKey(solana.tokens.find((t) => t.symbol === "USDC")!.mint);
    // A fee payer and a merchant of the test's own, so the balances count only what happens here.
    const feePayer = await funded(LAMPORTS_PER_SOL);
    const merchant = await funded(LAMPORTS_PER_SOL / 10);
    await setup.db
      .update(merchants)
      .set({ solanaAddress: merchant.publicKey.toBase58() })
      .where(eq(merchants.id, setup.merchant.merchantId));
    const server = await setup.start("only", { SOLANA_FEE_PAYER_SECRET_KEY: encodeBase58(feePayer.secretKey) });
    const before = await connection().getBalance(feePayer.publicKey);

    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await emptyAndClose(merchant, mint, new PublicKey(solana.merchant.publicKey));
      const signed = await signWithDevnetBuyer(
        server,
        await createPaymentAt(server, setup.merchant, "150"),
        "solana",
        "USDC",
        i,
      );
      expect((await confirmAt(server, signed))?.status).toBe(200);
      ids.push(signed.paymentId);
      for (let t = 0; t < 100; t++) {
        const [row] = await setup.db
          .select({ status: payments.status })
          .from(payments)
          .where(eq(payments.id, signed.paymentId));
        if (row!.status !== "processing") break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const rows = await setup.db.select({ status: payments.status }).from(payments).where(inArray(payments.id, ids));
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);

    const sponsored = await setup.db
      .select()
      .from(sponsoredTokenAccounts)
      .where(eq(sponsoredTokenAccounts.merchantId, setup.merchant.merchantId));
    expect(sponsored).toHaveLength(1);
    const rent = Number(sponsored[0]!.lamports);
    expect(rent).toBeGreaterThan(1_000_000);
    const spent = before - (await connection().getBalance(feePayer.publicKey));
    // One rent and three fees of two signatures each: the merchant's two later closes cost the service nothing.
    expect(spent).toBe(rent + 3 * 10_000);
    // And it is all on record, per payment: three fees and the one rent.
    const fees = await setup.db.select().from(serviceFees).where(eq(serviceFees.merchantId, setup.merchant.merchantId));
    expect(fees.map((f) => f.kind).sort()).toEqual(["network_fee", "network_fee", "network_fee", "rent"]);
    expect(fees.reduce((sum, f) => sum + Number(f.nativeAmount), 0)).toBe(spent);
  }, 120_000);
});
