import {
  createCloseAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from "@solana/web3.js";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { merchants, payments, serviceFees, sponsoredTokenAccounts } from "@/db/schema";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { optionForDevnetBuyer, type WireAction } from "../support/devnet-buyer";
import { confirmAt, createPaymentAt, gatewayAt, signWithDevnetBuyer } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";

let setup: ProxiedSetup;
beforeAll(async () => {
  setup = await proxiedSetup("solana_rent");
}, 120_000);
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

/** Until the watcher has made the payment final. */
async function waitFinal(paymentId: string) {
  for (let t = 0; t < 100; t++) {
    const [row] = await setup.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    if (row!.status !== "processing") return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the service's Solana fee payer funds a merchant's token account once", () => {
  it("a merchant that closes its USDC account between three payments gets the rent once; the buyer funds it after that", async () => {
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
      const signed = await signWithDevnetBuyer(server, {
        paymentId: await createPaymentAt(server, setup.merchant, "150"),
        namespace: "solana",
        symbol: "USDC",
        buyerIndex: i,
      });
      expect((await confirmAt(server, signed))?.status).toBe(200);
      ids.push(signed.paymentId);
      await waitFinal(signed.paymentId);
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

  it("a merchant that rotates its receiving address gets no second rent, even with payments open at both; the buyer funds the new account", async () => {
    const { solana } = inject("devnet");
    const usdc = solana.tokens.find((t) => t.symbol === "USDC")!;
    const mint = new PublicKey(usdc.mint);
    const feePayer = await funded(LAMPORTS_PER_SOL);
    const [first, second, third] = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
    const merchant = await createMerchant(setup.db, {
      name: "Rotating Shop",
      currency: "USD",
      solanaAddress: first.publicKey.toBase58(),
    });
    const rotateTo = (key: Keypair) =>
      setup.db
        .update(merchants)
        .set({ solanaAddress: key.publicKey.toBase58() })
        .where(eq(merchants.id, merchant.merchantId));
    const server = await setup.start("rotating", { SOLANA_FEE_PAYER_SECRET_KEY: encodeBase58(feePayer.secretKey) });
    const before = await connection().getBalance(feePayer.publicKey);

    // A buyer opens the checkout of a payment to the first address, and has not paid yet...
    const open = await createPaymentAt(server, merchant, "150");
    const { option, wallet } = await optionForDevnetBuyer(server, {
      paymentId: open,
      namespace: "solana",
      symbol: "USDC",
      buyerIndex: 0,
      devnet: inject("devnet"),
    });
    // ...when the merchant moves to a second address, and a payment to it is paid first.
    await rotateTo(second);
    const paid = await signWithDevnetBuyer(server, {
      paymentId: await createPaymentAt(server, merchant, "150"),
      namespace: "solana",
      symbol: "USDC",
      buyerIndex: 1,
    });
    expect((await confirmAt(server, paid))?.status).toBe(200);
    await waitFinal(paid.paymentId);
    // The first payment is paid now, to the address its checkout showed.
    const fetched = (await (
      await gatewayAt(server, {
        paymentId: open,
        path: "/fetch",
        body: { optionId: option.id, data: option.actions[0]!.data.data },
      })
    ).json()) as { actions: WireAction[] };
    const late = { paymentId: open, optionId: option.id, result: await wallet(fetched.actions[0]!) };
    expect((await confirmAt(server, late))?.status).toBe(200);
    await waitFinal(open);
    // And once more after a third address.
    await rotateTo(third);
    const again = await signWithDevnetBuyer(server, {
      paymentId: await createPaymentAt(server, merchant, "150"),
      namespace: "solana",
      symbol: "USDC",
      buyerIndex: 2,
    });
    expect((await confirmAt(server, again))?.status).toBe(200);
    await waitFinal(again.paymentId);

    const ids = [paid.paymentId, open, again.paymentId];
    const rows = await setup.db.select({ status: payments.status }).from(payments).where(inArray(payments.id, ids));
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    // Each address has its token account holding what it was paid ($1.50 in USDC, 6 decimals)...
    for (const key of [first, second, third]) {
      const account = getAssociatedTokenAddressSync(mint, key.publicKey, true);
      expect((await connection().getTokenAccountBalance(account)).value.amount).toBe("1500000");
    }
    // ...but the service funded one of them: the first it offered to, and paid three fees.
    const sponsored = await setup.db
      .select()
      .from(sponsoredTokenAccounts)
      .where(eq(sponsoredTokenAccounts.merchantId, merchant.merchantId));
    expect(sponsored.map((s) => s.account)).toEqual([
      getAssociatedTokenAddressSync(mint, first.publicKey, true).toBase58(),
    ]);
    const spent = before - (await connection().getBalance(feePayer.publicKey));
    expect(spent).toBe(Number(sponsored[0]!.lamports) + 3 * 10_000);
  }, 120_000);
});
