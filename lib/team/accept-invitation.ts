import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { merchants, teamInvitations } from "@/db/schema";
import { assertHashSlotsOpen } from "@/lib/auth/hash-slots";
import { hashPassword } from "@/lib/auth/password-hash";
import { createSession, hashSessionToken } from "@/lib/auth/session-create";
import { insertUser } from "@/lib/dashboard/create-user";
import { newPasswordSchema } from "@/lib/dashboard/credentials";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { isRole } from "./permissions";

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not an invitation token");
const previewBody = z.object({ token });
const acceptBody = z.object({ token, password: newPasswordSchema });

const GONE = "This invitation has expired, was revoked or was already used; ask for a new one";

/** What a pending invitation is for (the join page shows it), or 409 `invalid_state` when it is no longer pending. */
export async function previewInvitation(db: Db, input: unknown) {
  const found = await pendingInvitation(db, parseOrThrow(previewBody, input).token);
  if (!found) throw new ApiError("invalid_state", GONE);
  return { email: found.email, role: found.role, merchantName: found.merchantName };
}

/**
 * Join a team from an invitation link: a new account with the invitation's email and role, and a
 * session for it. The invitation is spent in the same transaction that creates the user, so a link
 * works once even when two tabs submit it; an address that got an account meanwhile is `email_taken`
 * and leaves the invitation unspent. The password is hashed before the transaction, and only for a
 * pending invitation, so a made-up token costs no scrypt time.
 */
export async function acceptInvitation(db: Db, input: unknown) {
  const body = parseOrThrow(acceptBody, input);
  if (!(await pendingInvitation(db, body.token))) throw new ApiError("invalid_state", GONE);
  assertHashSlotsOpen();
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(teamInvitations.tokenHash, hashSessionToken(body.token)), ...stillPending()))
      .returning({ merchantId: teamInvitations.merchantId, email: teamInvitations.email, role: teamInvitations.role });
    if (!spent || !isRole(spent.role)) throw new ApiError("invalid_state", GONE);
    return insertUser(tx, { merchantId: spent.merchantId, email: spent.email, passwordHash, role: spent.role });
  });
  return createSession(db, userId);
}

async function pendingInvitation(db: Db, rawToken: string) {
  const [row] = await db
    .select({ email: teamInvitations.email, role: teamInvitations.role, merchantName: merchants.name })
    .from(teamInvitations)
    .innerJoin(merchants, eq(merchants.id, teamInvitations.merchantId))
    .where(
      and(eq(teamInvitations.tokenHash, hashSessionToken(rawToken)), isNull(merchants.deletedAt), ...stillPending()),
    );
  return row;
}

function stillPending() {
  return [
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, sql`now()`),
  ];
}
