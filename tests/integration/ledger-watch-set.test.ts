import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { chainTransfers } from "@/db/schema";
import { getMerchantSettings, updateMerchantSettings } from "@/lib/merchants/merchant-settings";
import { optionForDevnetBuyer } from "../support/devnet-buyer";
import { testDb } from "../support/db";
import { chainMerchant, newPayment, waitFinal } from "../support/gateway";

// The scan watches the recipients of recent quotes as well as merchants' current addresses: a buyer
// quoted before the merchant changed its address pays the old one, and that money is still found.
// lib/ledger/load-watch-set.ts reads only the quotes whose recipient is no merchant's current address;
// this is the case those rows are for.

const DETECTED_WITHIN_MS = 8_000;

describe("the ledger's watch set", () => {
  it("money sent to the address a quote named is found after the merchant moved to another address", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { paymentId } = await newPayment(merchant, "1750");
    const { option, wallet } = await optionForDevnetBuyer(
      { url: inject("baseUrl") },
      { paymentId, namespace: "eip155", symbol: "USDT", buyerIndex: 1, devnet: inject("devnet") },
    );
    const { db } = testDb();
    const settings = await getMerchantSettings(db, merchant.merchantId);
    const moved = privateKeyToAccount(generatePrivateKey()).address;
    await updateMerchantSettings(db, merchant.merchantId, { ...settings, evmAddress: moved });

    // The buyer's wallet sends what the quote built (to the old address); nothing calls confirm.
    const txHash = await wallet(option.actions[0]!);
    const status = await waitFinal(paymentId, DETECTED_WITHIN_MS);
    expect(status.status).toBe("succeeded");
    const [transfer, ...more] = await db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txHash));
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ paymentId, match: "bound", merchantId: merchant.merchantId });
    expect(transfer!.recipient.toLowerCase()).toBe(merchant.evmAddress.toLowerCase());
  });
});
