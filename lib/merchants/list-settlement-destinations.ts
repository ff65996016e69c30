import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants, merchantSettlementDestinations } from "@/db/schema";
import { namespaceOf } from "@/lib/chains/caip";
import { loadNetworks } from "@/lib/chains/load-networks";
import { settlementId } from "./settlement-id";

export type SettlementDestination = { id: string; asset: string; destination: string; inherited: boolean };
type MerchantAddresses = Pick<typeof merchants.$inferSelect, "id" | "evmAddress" | "solanaAddress">;

/**
 * Where the merchant is paid, per asset: exactly what the gateway pays (build-options). For each
 * configured token, the destination set for it through the Platform API, else the merchant's
 * receiving address for the token's namespace (the dashboard's settings, the CLI's flags): that one
 * is `inherited`, so editing the address in the dashboard changes what this lists. Destinations
 * stored for a token no longer configured come last (nothing pays them; they can still be deleted).
 */
export async function listSettlementDestinations(
  db: DbOrTx,
  merchant: MerchantAddresses,
): Promise<SettlementDestination[]> {
  const rows = await db
    .select()
    .from(merchantSettlementDestinations)
    .where(eq(merchantSettlementDestinations.merchantId, merchant.id));
  const explicit = new Map(rows.map((r) => [r.asset, r]));
  const listed: SettlementDestination[] = [];
  for (const network of loadNetworks()) {
    const namespace = namespaceOf(network.chainId);
    const address =
      namespace === "eip155" ? merchant.evmAddress : namespace === "solana" ? merchant.solanaAddress : null;
    for (const token of network.tokens) {
      const row = explicit.get(token.caip19);
      explicit.delete(token.caip19);
      if (row) listed.push({ id: row.id, asset: row.asset, destination: row.destination, inherited: false });
      else if (address)
        listed.push({
          id: settlementId(merchant.id, token.caip19),
          asset: token.caip19,
          destination: `${network.chainId}:${address}`,
          inherited: true,
        });
    }
  }
  for (const row of explicit.values())
    listed.push({ id: row.id, asset: row.asset, destination: row.destination, inherited: false });
  return listed;
}

/** The shape the Platform API answers with. */
export function toCryptoSettlement(d: { id: string; asset: string; destination: string }) {
  return { id: d.id, asset: d.asset, destination: d.destination };
}
