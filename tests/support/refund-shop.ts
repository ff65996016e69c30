import { eq } from "drizzle-orm";
import { merchants, payments } from "@/db/schema";
import { createKey, dash, signUpUser, type DashboardUser } from "./dashboard";
import { testDb } from "./db";

/** A dashboard user whose shop receives at addresses whose keys the test holds, and its API key. */
export async function refundShop(receiving: { evmAddress?: string; solanaAddress?: string }) {
  const user = await signUpUser({ businessName: "Wallet Refund Shop" });
  const key = await createKey(user);
  await testDb().db.update(merchants).set(receiving).where(eq(merchants.id, user.merchantId));
  return { user, merchant: { merchantId: user.merchantId, apiKey: key.secret, keyId: key.id } };
}

/** The dashboard's "Refund from my wallet" call: the transaction the merchant's wallet sent back. */
export const postWalletRefund = (user: DashboardUser, id: string, txHash: string) =>
  dash(`/dashboard/api/payments/${id}/refund`, { method: "POST", user, json: { txHash } });

/** A payment's row as the service left it. */
export async function paymentRow(id: string) {
  const [found] = await testDb().db.select().from(payments).where(eq(payments.id, id));
  return found!;
}
