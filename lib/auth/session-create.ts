import { createHash, randomBytes } from "node:crypto";
import type { DbOrTx } from "@/db/client";
import { sessions } from "@/db/schema";
import { SESSION_TTL_SECONDS } from "./session-cookie";

/**
 * SHA-256 of a bearer token, hex: what a table stores in its place (sessions, reset links, sign-in
 * challenges), so a copy of the table hands nobody the token.
 */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Start a dashboard session for a user: a 256-bit token for the cookie, and a CSRF token. */
export async function createSession(db: DbOrTx, userId: string): Promise<{ token: string; csrfToken: string }> {
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    csrfToken,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  return { token, csrfToken };
}
