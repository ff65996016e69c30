import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * Where the ledger's scan of each watched Solana receiving account stands: the newest signature of
 * the account already looked at, so the next pass asks the chain only for what came after it. A
 * watch is a recipient (a merchant's wallet) and an asset: the wallet itself for SOL, its token
 * account for a mint. Moved in the same transaction that records what the signatures carried, so a
 * pass killed anywhere reads the same signatures again (the ledger's unique key makes that harmless).
 */
export const ledgerAccountCursors = pgTable(
  "ledger_account_cursors",
  {
    chainId: text("chain_id").notNull(),
    recipient: text("recipient").notNull(),
    /** CAIP-19 of the token or coin. */
    asset: text("asset").notNull(),
    lastSignature: text("last_signature").notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.recipient, t.asset] })],
);
