import { Keypair } from "@solana/web3.js";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { payments, webhookEvents } from "@/db/schema";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { devnetWallet } from "@payment-service/devnet/wallet";
import type { WireAction, WireOption } from "../support/devnet-buyer";
import { testDb } from "../support/db";
import { chainMerchant, gw, newPayment } from "../support/gateway";

// The attack: anyone holding a payment link and a Solana key with nothing on it asks for options, signs
// the transaction the service built and confirms it. The transfer can never land; the payment must not
// show (or announce) processing for it, nor go back to pending with an event of its own.

async function eventTypes(paymentId: string) {
  const rows = await testDb()
    .db.select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.paymentId, paymentId));
  return rows.map((r) => r.type);
}

/** A Solana USDC option for a brand-new key (no SOL, no USDC), its signed transaction and the confirm body. */
async function emptyKeyConfirm(paymentId: string) {
  const { solana } = inject("devnet");
  const key = Keypair.generate();
  const account = `${solana.chainId}:${key.publicKey.toBase58()}`;
  const { options } = (await (await gw(paymentId, "/options", { body: { accounts: [account] } })).json()) as {
    options: WireOption[];
  };
  const option = options.find((o) => o.amount.display.assetSymbol === "USDC")!;
  const fetched = (await (
    await gw(paymentId, "/fetch", { body: { optionId: option.id, data: option.actions[0]!.data.data } })
  ).json()) as { actions: WireAction[] };
  const wallet = devnetWallet({ solana: { secretKey: encodeBase58(key.secretKey) } });
  const signed = await wallet(fetched.actions[0]! as Parameters<typeof wallet>[0]);
  return { optionId: option.id, results: [signed] };
}

describe("no free events", () => {
  it("a co-signed Solana transfer from an empty key is refused before anything is recorded: pending, no event", async () => {
    const merchant = await chainMerchant({ solana: true });
    const { paymentId } = await newPayment(merchant, "500");
    const body = await emptyKeyConfirm(paymentId);
    const res = await gw(paymentId, "/confirm", { body });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe("verification_failed");

    const [row] = await testDb().db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "pending", processingAt: null, txHash: null, stateVersion: 0 });
    expect(await eventTypes(paymentId)).toEqual(["payment.created"]);
  });

  it("refused confirms of one payment are capped across addresses: then 429 with Retry-After, still pending", async () => {
    const merchant = await chainMerchant({ solana: true });
    const { paymentId } = await newPayment(merchant, "501");
    const body = await emptyKeyConfirm(paymentId);
    const answers: number[] = [];
    // Every call from an address of its own (gw): per-address limits never apply, the per-payment cap does.
    for (let i = 0; i < 20; i++) answers.push((await gw(paymentId, "/confirm", { body })).status);
    expect(answers).toEqual(Array(20).fill(422));
    const capped = await gw(paymentId, "/confirm", { body });
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    const [row] = await testDb()
      .db.select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(row!.status).toBe("pending");
    expect(await eventTypes(paymentId)).toEqual(["payment.created"]);
  });
});
