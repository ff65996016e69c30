import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Dashboard sign-up attempts per client address, to rate-limit account creation (rows older than an hour are pruned). */
export const signUpAttempts = pgTable(
  "sign_up_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_up_attempts_ip_idx").on(t.ip, t.createdAt)],
);
