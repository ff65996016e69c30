import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * Where each network's scan of the chain stands. One instance at a time holds a network's lease and
 * scans the blocks from `next_block`; it records what it found and moves the cursor in one
 * transaction, so an instance killed mid-range leaves the cursor where it was and the next holder
 * scans the range again (the ledger's unique key makes that harmless).
 */
export const ledgerCursors = pgTable("ledger_cursors", {
  chainId: text("chain_id").primaryKey(),
  /** Hash of the chain's first block: another one means the chain was reset under a kept database (a devnet). */
  genesisHash: text("genesis_hash"),
  /** The first block not scanned yet (EVM). */
  nextBlock: bigint("next_block", { mode: "bigint" }).notNull(),
  /** Hash of block next_block - 1: a different hash there means a reorg under the cursor, so it steps back. */
  lastHash: text("last_hash"),
  leaseOwner: text("lease_owner"),
  leaseUntil: timestamptz("lease_until"),
  /** When a scan last reached the head it read: every transfer mined before then is in the ledger. */
  scannedAt: timestamptz("scanned_at"),
  /** The head that scan reached. */
  scannedHead: bigint("scanned_head", { mode: "bigint" }),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
