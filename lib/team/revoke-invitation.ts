import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { teamInvitations } from "@/db/schema";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { ApiError } from "@/lib/errors/api-error";
import { can } from "./permissions";
import type { TeamActor } from "./team-actor";

/**
 * Revoke a pending invitation of the actor's team: its link stops working at once. Another merchant's,
 * or one already accepted or revoked, is a 404. An invitation to be owner only an owner revokes.
 */
export async function revokeInvitation(db: Db, actor: TeamActor, invitationId: string) {
  const ownerOnly = can(actor.user.role, "ownership:manage") ? [] : [sql`${teamInvitations.role} <> 'owner'`];
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(teamInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(teamInvitations.id, invitationId),
          eq(teamInvitations.merchantId, actor.merchant.id),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          ...ownerOnly,
        ),
      )
      .returning({ id: teamInvitations.id, email: teamInvitations.email });
    if (!revoked) throw new ApiError("not_found", "No pending invitation with this id");
    await recordAuditEvent(tx, {
      actor: actor.audit,
      action: "member.invitation_revoked",
      target: { kind: "invitation", id: revoked.id },
      details: {
        email: revoked.email,
      },
    });
    return { ...revoked, revoked: true };
  });
}
