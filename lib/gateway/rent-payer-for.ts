import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sponsoredTokenAccounts } from "@/db/schema";
import type { ChainAdapter, TransferIntent } from "@/lib/chains/chain-adapter";

/**
 * Who funds the merchant's token account, should this payment's transaction have to create it:
 * the service, unless it has funded that account before (a merchant who closes its account takes
 * the rent; it does not get the service's money twice). Undefined on chains without such accounts.
 */
export async function rentPayerFor(
  db: Db,
  adapter: ChainAdapter,
  intent: TransferIntent,
): Promise<"service" | "buyer" | undefined> {
  if (!adapter.rentAccountOf) return undefined;
  const account = await adapter.rentAccountOf(intent);
  if (account === undefined) return undefined;
  const [funded] = await db
    .select({ account: sponsoredTokenAccounts.account })
    .from(sponsoredTokenAccounts)
    .where(
      and(eq(sponsoredTokenAccounts.chainId, intent.network.chainId), eq(sponsoredTokenAccounts.account, account)),
    );
  return funded ? "buyer" : "service";
}
