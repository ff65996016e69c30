import { bigserial, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Dashboard sign-up attempts per client address, to rate-limit account creation (rows older than an hour are pruned). */
export const signUpAttempts = pgTable(
  "sign_up_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sign_up_attempts_ip_idx").on(t.ip, t.createdAt)],
);
