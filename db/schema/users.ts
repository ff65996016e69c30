import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt, timestamptz } from "./columns";

/** A person who signs in to the dashboard; each belongs to one merchant. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** Lowercased and trimmed: one account per address whatever the case typed. */
    email: text("email").notNull().unique(),
    /** `scrypt$N$r$p$salt$hash` (base64url), see lib/auth/password-hash.ts. */
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamptz("last_sign_in_at"),
    /** Set by the operator (`cli user disable`): no sign-in, and every session ends at once. */
    disabledAt: timestamptz("disabled_at"),
    /**
     * Two-factor sign-in with an authenticator app (TOTP): the shared secret, sealed (lib/secrets),
     * set at enrolment and in force once `totp_enabled_at` is set by a first right code.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamptz("totp_enabled_at"),
    /** The 30-second step of the last code accepted: a code is never accepted twice (replay). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /**
     * What the member may do on the dashboard (lib/team/permissions.ts). Every user before roles, and
     * whoever signs up a merchant, is its owner; invited members get the role of their invitation.
     */
    role: text("role").notNull().default("owner"),
  },
  (t) => [
    index("users_merchant_idx").on(t.merchantId),
    check("users_role_check", sql`${t.role} in ('owner','admin','developer','finance','viewer')`),
  ],
);
