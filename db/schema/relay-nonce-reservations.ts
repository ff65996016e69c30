import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { payments } from "./payments";

/**
 * A relayer nonce taken for a payment's relay before it is signed (lib/submissions/relayer-nonces.ts):
 * the relay is signed with no transaction open (a remote signer is I/O), so the nonce is taken first,
 * here, and the row is deleted in the transaction that records the relay. Concurrent confirms of one
 * payment share the row's nonce, so only one of them can use it and a lost race leaves no gap. A row
 * older than reservationSettleMs (lib/submissions/schedule.ts; its confirm died) holds nothing.
 */
export const relayNonceReservations = pgTable(
  "relay_nonce_reservations",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id, { onDelete: "cascade" }),
    chainId: text("chain_id").notNull(),
    relayer: text("relayer").notNull(),
    nonce: bigint("nonce", { mode: "number" }).notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("relay_nonce_reservations_relayer_idx").on(t.chainId, t.relayer, t.nonce)],
);
