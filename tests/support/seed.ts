import { payments } from "@/db/schema";
import { newId } from "@/lib/ids";
import { testDb } from "./db";

type PaymentInsert = typeof payments.$inferInsert;

/**
 * Write payments straight into the database, as the gateway would leave them (chosen token, buyer,
 * transaction), to arrange listings and statistics. The stats trigger runs as for any other writer.
 */
export async function seedPayment(merchantId: string, overrides: Partial<PaymentInsert> = {}): Promise<string> {
  const id = newId("pay");
  await testDb()
    .db.insert(payments)
    .values({
      id,
      merchantId,
      referenceId: `seed-${id}`,
      fiatCurrency: "USD",
      fiatAmount: 1000n,
      expiresAt: new Date(Date.now() + 3600_000),
      ...overrides,
    });
  return id;
}

/** A payment that succeeded on chain: what the gateway records once a transfer is final. */
export function paid(
  buyer: string,
  chainId = "eip155:31337",
  token = `${chainId}/erc20:0x0000000000000000000000000000000000000001`,
): Partial<PaymentInsert> {
  return {
    status: "succeeded",
    buyerAccount: `${chainId}:${buyer}`,
    chainId,
    tokenCaip19: token,
    tokenSymbol: "USDC",
    tokenDecimals: 6,
    tokenAmount: "10000000",
    txHash: `0x${Math.random().toString(16).slice(2).padEnd(64, "0")}`,
    walletName: "Test Wallet",
    finalizedAt: new Date(),
  };
}
