import { pgTable, text, unique } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt, timestamptz } from "./columns";

/**
 * Where a merchant is paid in one asset, when it is not the merchant's receiving address for the
 * asset's namespace (merchants.evm_address / solana_address). The gateway pays the destination of
 * the token's CAIP-19 when there is one, else that receiving address. One destination per asset.
 */
export const merchantSettlementDestinations = pgTable(
  "merchant_settlement_destinations",
  {
    /** `stl_…`, derived from (merchant, asset): see lib/merchants/settlement-id.ts. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** CAIP-19 of a configured token. */
    asset: text("asset").notNull(),
    /** CAIP-10 account on the asset's chain, address in canonical form (EIP-55 on EVM). */
    destination: text("destination").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [unique("merchant_settlement_destinations_asset_key").on(t.merchantId, t.asset)],
);
