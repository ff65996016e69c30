import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { recordMemberChange } from "@/lib/audit/record-member-change";
import { lockMemberOrThrow } from "./lock-member";
import type { TeamActor } from "./team-actor";

/**
 * Remove a member from the actor's team: the account is deleted, and with it every session (cascade),
 * so an open dashboard of theirs is refused at its next request. Not oneself; an owner only by an
 * owner; never the last owner. Their email may then be invited again.
 */
export async function removeMember(db: Db, actor: TeamActor, memberId: string) {
  return db.transaction(async (tx) => {
    const { member, isLastOwner } = await lockMemberOrThrow(tx, actor, memberId);
    if (isLastOwner) throw new ApiError("invalid_state", "The last owner cannot be removed");
    await tx.delete(users).where(eq(users.id, member.id));
    await recordMemberChange(tx, actor.audit, {
      action: "member.removed",
      memberId: member.id,
      email: member.email,
      role: member.role,
    });
    return { id: member.id, email: member.email, role: member.role, removed: true };
  });
}
