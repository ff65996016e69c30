import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchantSettlementDestinations } from "@/db/schema";
import { parseAccountId } from "@/lib/chains/caip";

/**
 * The merchant's per-asset settlement destinations (Platform API), as CAIP-19 -> address on the
 * asset's chain. Assets without one settle to the merchant's receiving address for their namespace.
 */
export async function loadSettlementOverrides(db: DbOrTx, merchantId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ asset: merchantSettlementDestinations.asset, destination: merchantSettlementDestinations.destination })
    .from(merchantSettlementDestinations)
    .where(eq(merchantSettlementDestinations.merchantId, merchantId));
  const overrides = new Map<string, string>();
  for (const row of rows) {
    const account = parseAccountId(row.destination);
    // Written only after checking the chain matches the asset's; checked again, as money follows it.
    if (account && row.asset.startsWith(`${account.chain.id}/`)) overrides.set(row.asset, account.address);
  }
  return overrides;
}
