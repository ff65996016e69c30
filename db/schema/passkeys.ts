import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./users";
import { signInChallenges } from "./two-factor";
import { createdAt, timestamptz } from "./columns";

/**
 * A user's passkeys (WebAuthn credentials). Only the public key is here: a copy of this table signs
 * nobody in. `counter` is the authenticator's signature counter, raised by every sign-in; one that does
 * not go up is a cloned authenticator, refused (authenticators that keep no counter always send 0).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id the authenticator chose, base64url; one credential belongs to one user. */
    credentialId: text("credential_id").notNull().unique(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The relying party id it was made for (the host of PUBLIC_BASE_URL): a passkey works on that host only. */
    rpId: text("rp_id").notNull(),
    /** What the user called it ("MacBook", "YubiKey"). */
    name: text("name").notNull(),
    /** Synced (multi-device) passkey or bound to one device, and whether it is backed up: shown, not enforced. */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is spent by its first answer, right or
 * wrong, and dies after a few minutes. `purpose` says what may spend it, and the binding says who:
 * `register` the session that asked (user and session token hash), `second-factor` the password
 * sign-in's challenge, `sign-in` nobody yet (a passkey names its user).
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    /** The challenge as the browser echoes it in clientDataJSON (base64url of 32 random bytes). */
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionTokenHash: text("session_token_hash"),
    signInTokenHash: text("sign_in_token_hash").references(() => signInChallenges.tokenHash, { onDelete: "cascade" }),
    rpId: text("rp_id").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    index("passkey_challenges_expires_idx").on(t.expiresAt),
    check("passkey_challenges_purpose_check", sql`${t.purpose} in ('register','sign-in','second-factor')`),
    check(
      "passkey_challenges_binding_check",
      sql`(${t.purpose} = 'register' and ${t.userId} is not null and ${t.sessionTokenHash} is not null)
        or (${t.purpose} = 'second-factor' and ${t.signInTokenHash} is not null)
        or (${t.purpose} = 'sign-in')`,
    ),
  ],
);
