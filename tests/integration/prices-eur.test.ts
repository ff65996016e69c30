import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { paymentOptions } from "@/db/schema";
import { createUser } from "@/lib/dashboard/create-user";
import { evmTokenBalance, solanaMerchantUsdc } from "../support/balances";
import { dash, sessionCookieOf, uniqueEmail } from "../support/dashboard";
import { testDb } from "../support/db";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import { signWithDevnetBuyer } from "../support/pay-steps";
import { latestRound } from "../support/price-feeds";

// Payments priced in EUR and JPY, paid in USDC at the rate the devnet's feeds give (EUR/USD 1.0842,
// JPY/USD 0.0067, USDC/USD 1.0000, as deployed). This file only reads the feeds; the ones that move
// them run a devnet of their own (prices-moves.test.ts).

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** USDC (6 decimals) owed for `minor` units of a currency of exponent `exp` at `<CUR>/USD` = answer / 10^8. */
const usdcFor = (minor: bigint, exp: number, answer: bigint) =>
  ceilDiv(minor * answer * 10n ** 6n, 10n ** BigInt(exp) * 10n ** 8n);

async function optionRow(id: string) {
  const [row] = await testDb().db.select().from(paymentOptions).where(eq(paymentOptions.id, id));
  return row!;
}

describe("prices from the feeds: a EUR or JPY payment paid in USDC", () => {
  it("EUR paid with USDC by EIP-3009, for exactly the amount EUR/USD implies; the quote keeps the rate and rounds", async () => {
    const devnet = inject("devnet");
    const eurUsd = await latestRound(devnet, "EUR/USD");
    expect(eurUsd.answer).toBe(108_420_000n);
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "1000", { amount: { unit: "iso4217/EUR", value: "1000" } });
    const signed = await signWithDevnetBuyer(
      { url: inject("baseUrl") },
      { paymentId, namespace: "eip155", symbol: "USDC", buyerIndex: 0 },
    );
    const row = await optionRow(signed.optionId);
    const owed = usdcFor(1000n, 2, eurUsd.answer);
    expect(owed).toBe(10_842_000n);
    expect(row.tokenAmount).toBe(owed.toString());
    // One USDC = 1 / 1.0842 EUR, kept exactly, with the rounds it came from.
    expect(BigInt(row.priceNum!) * eurUsd.answer).toBe(BigInt(row.priceDen!) * 10n ** 8n);
    expect(row.priceRounds).toEqual(
      expect.arrayContaining([
        { pair: "EUR/USD", roundId: eurUsd.roundId.toString(), updatedAt: Number(eurUsd.updatedAt) },
        expect.objectContaining({ pair: "USDC/USD" }),
      ]),
    );
    expect(row.pricedAt).toBeInstanceOf(Date);

    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    const confirm = await gw(paymentId, "/confirm", { body: { optionId: signed.optionId, results: [signed.result] } });
    expect(confirm.status).toBe(200);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before + owed);

    // The merchant's page of the payment shows the rate and the feed rounds it was paid at.
    const email = uniqueEmail("rate");
    await createUser(testDb().db, { merchantId: merchant.merchantId, email, password: "correct horse battery" });
    const signIn = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email, password: "correct horse battery" },
    });
    const cookie = sessionCookieOf(signIn)!;
    const html = (
      await (await dash(`/dashboard/payments/${paymentId}`, { user: { cookie, csrfToken: "" } })).text()
    ).replace(/<!-- -->/g, "");
    expect(html).toContain(`1 EUR = 1.0842 USDC (feeds `);
    expect(html).toContain(`EUR/USD round ${eurUsd.roundId}`);
  });

  it("EUR paid with USDC on Solana, for exactly the amount EUR/USD implies", async () => {
    const devnet = inject("devnet");
    const eurUsd = await latestRound(devnet, "EUR/USD");
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "725", { amount: { unit: "iso4217/EUR", value: "725" } });
    const signed = await signWithDevnetBuyer(
      { url: inject("baseUrl") },
      { paymentId, namespace: "solana", symbol: "USDC", buyerIndex: 0 },
    );
    const owed = usdcFor(725n, 2, eurUsd.answer);
    // 7.25 EUR x 1.0842 = 7.86045 USDC.
    expect(owed).toBe(7_860_450n);
    expect((await optionRow(signed.optionId)).tokenAmount).toBe(owed.toString());
    const before = await solanaMerchantUsdc();
    const confirm = await gw(paymentId, "/confirm", { body: { optionId: signed.optionId, results: [signed.result] } });
    expect(confirm.status).toBe(200);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await solanaMerchantUsdc()).toBe(before + owed);
  });

  it("JPY (no minor unit): 1500 yen paid with USDC at JPY/USD", async () => {
    const devnet = inject("devnet");
    const jpyUsd = await latestRound(devnet, "JPY/USD");
    expect(jpyUsd.answer).toBe(670_000n);
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "1500", { amount: { unit: "iso4217/JPY", value: "1500" } });
    const signed = await signWithDevnetBuyer(
      { url: inject("baseUrl") },
      { paymentId, namespace: "eip155", symbol: "USDC", buyerIndex: 1 },
    );
    const owed = usdcFor(1500n, 0, jpyUsd.answer);
    expect(owed).toBe(10_050_000n);
    expect((await optionRow(signed.optionId)).tokenAmount).toBe(owed.toString());
    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    expect(
      (await gw(paymentId, "/confirm", { body: { optionId: signed.optionId, results: [signed.result] } })).status,
    ).toBe(200);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before + owed);
  });
});
