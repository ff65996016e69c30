import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt } from "./columns";

/**
 * The one token account per merchant and token whose rent the service's Solana fee payer may pay:
 * the first it offered to fund. A merchant that changes its receiving address (or settlement
 * destination) gets a new token account, funded by the buyer's transaction; otherwise rotating
 * addresses would draw a new rent from the fee payer each time (sponsored-token-accounts.ts holds
 * what was actually paid). Claimed when a transaction is built, before anything is paid, so payments
 * that are open at once cannot each fund another account.
 */
export const sponsoredRentClaims = pgTable(
  "sponsored_rent_claims",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** CAIP-19 of the token (it names the chain and the mint). */
    tokenCaip19: text("token_caip19").notNull(),
    /** The token account (base58) the service may fund for this merchant and token. */
    account: text("account").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.tokenCaip19] })],
);
