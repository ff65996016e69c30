import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * The next nonce of each relayer key per EVM chain, shared by every instance: a relay takes its
 * nonce by incrementing this row in the same transaction that records the signed relay, so two
 * instances never reuse a nonce, and a crash leaves either no allocation or a recorded
 * transaction that the watcher (re)sends, never a gap.
 */
export const relayerNonces = pgTable(
  "relayer_nonces",
  {
    chainId: text("chain_id").notNull(),
    address: text("address").notNull(),
    nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);
