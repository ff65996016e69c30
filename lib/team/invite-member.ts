import { randomBytes } from "node:crypto";
import { recordMemberChange } from "@/lib/audit/record-member-change";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { merchants, teamInvitations } from "@/db/schema";
import { hashSessionToken } from "@/lib/auth/session-create";
import { emailSchema } from "@/lib/dashboard/credentials";
import { sendEmail } from "@/lib/email/send-email";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { findUser } from "@/lib/users/find-user";
import { can, ROLES } from "./permissions";
import type { TeamActor } from "./team-actor";

/** An invitation link works for a week; then the inviter sends a new one. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const body = z.object({ email: emailSchema, role: z.enum(ROLES) });

/**
 * Invite `email` to the actor's team with a role, by an emailed single-use link (token in the fragment,
 * only its hash stored). An address that already has an account is refused (`email_taken`): one account
 * belongs to one merchant. Only an owner invites an owner. A new invitation to the same address replaces
 * the pending one, whose link stops working.
 */
export async function inviteMember(db: Db, actor: TeamActor, input: unknown) {
  const { email, role } = parseOrThrow(body, input);
  if (role === "owner" && !can(actor.user.role, "ownership:manage"))
    throw new ApiError("insufficient_permission", "Inviting an owner needs the permission ownership:manage");
  if (await findUser(db, email))
    throw new ApiError("email_taken", "This email already has an account; one account belongs to one merchant", {
      issues: [{ field: "email", message: "already has an account" }],
    });
  const token = randomBytes(32).toString("base64url");
  const id = newId("inv");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(teamInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(teamInvitations.merchantId, actor.merchant.id),
          eq(teamInvitations.email, email),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      );
    await tx.insert(teamInvitations).values({
      id,
      merchantId: actor.merchant.id,
      email,
      role,
      tokenHash: hashSessionToken(token),
      invitedBy: actor.user.id,
      expiresAt,
    });
    await recordMemberChange(tx, actor.audit, { action: "member.invited", email, role });
  });
  const [merchant] = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, actor.merchant.id));
  const url = `${env().PUBLIC_BASE_URL}/dashboard/join#token=${token}`;
  // After the answer, as password resets: a slow or refusing SMTP server does not hold the inviter.
  void sendEmail(invitationEmail({ to: email, merchantName: merchant?.name ?? "a merchant", role, url })).catch(
    (err: unknown) => log.error({ err: String(err), invitationId: id }, "invitation email not sent"),
  );
  return { id, email, role, expiresAt: expiresAt.toISOString() };
}

function invitationEmail({
  to,
  merchantName,
  role,
  url,
}: {
  to: string;
  merchantName: string;
  role: string;
  url: string;
}) {
  const host = new URL(env().PUBLIC_BASE_URL).host;
  return {
    to,
    subject: `You are invited to ${merchantName}'s payment dashboard`,
    text: [
      `You are invited to join ${merchantName} on the payment dashboard at ${host}, as ${role}.`,
      "",
      "Open this link within 7 days to choose a password and join (it works once):",
      url,
      "",
      "If you did not expect this, ignore this email.",
    ].join("\n"),
  };
}
