import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * The next nonce of each relayer key per EVM chain, shared by every instance: a payment's relay
 * takes its nonce by incrementing this row in a short transaction that also reserves it for the
 * payment (relay_nonce_reservations), then is signed with no transaction open and recorded, so two
 * instances never reuse a nonce. A nonce reserved and never recorded is given back when it was the
 * last taken, else used up by a no-op (at once, or by the watcher's gap filling after a crash).
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
