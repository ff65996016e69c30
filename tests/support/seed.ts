import { randomBytes } from "node:crypto";
import { payments, paymentSubmissions } from "@/db/schema";
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

/**
 * A payment whose relay is on record and not yet finished (its submission open, next looked at in an
 * hour): what confirm leaves for the watcher. `paid` fields and `status` as the test needs them.
 */
export async function seedRecordedRelay(
  merchantId: string,
  overrides: Partial<PaymentInsert> & { chainId: string },
): Promise<{ paymentId: string; txHash: string }> {
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  const paymentId = await seedPayment(merchantId, { status: "processing", ...overrides, txHash });
  await testDb()
    .db.insert(paymentSubmissions)
    .values({
      paymentId,
      optionId: `opt_${paymentId}`,
      chainId: overrides.chainId,
      kind: "relay",
      txHash,
      nextCheckAt: new Date(Date.now() + 3600_000),
    });
  return { paymentId, txHash };
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
