import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt } from "./columns";

/**
 * Token accounts of merchants whose rent the service's Solana fee payer paid. The rent goes to the
 * account's owner when it is closed, so a merchant could close and reopen it for free SOL: a payment
 * to an account listed here makes the buyer fund it should it be missing again. Which account the
 * fee payer may fund at all (one per merchant and token) is sponsored-rent-claims.ts.
 */
export const sponsoredTokenAccounts = pgTable(
  "sponsored_token_accounts",
  {
    chainId: text("chain_id").notNull(),
    account: text("account").notNull(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    paymentId: text("payment_id").notNull(),
    /** Lamports the fee payer put into the account. */
    lamports: bigint("lamports", { mode: "bigint" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.account] })],
);
