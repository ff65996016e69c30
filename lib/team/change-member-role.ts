import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { recordMemberChange } from "@/lib/audit/record-member-change";
import { lockMemberOrThrow } from "./lock-member";
import { can, ROLES } from "./permissions";
import type { TeamActor } from "./team-actor";

const body = z.object({ role: z.enum(ROLES) });

/**
 * Give a member of the actor's team another role. Nobody changes their own role; only an owner makes
 * or demotes an owner; the last owner is never demoted (a team always has one). The member's open
 * sessions take the new role at their next request (sessions read the role every time).
 */
export async function changeMemberRole(
  db: Db,
  { actor, memberId, input }: { actor: TeamActor; memberId: string; input: unknown },
) {
  const { role } = parseOrThrow(body, input);
  if (role === "owner" && !can(actor.user.role, "ownership:manage"))
    throw new ApiError("insufficient_permission", "Making an owner needs the permission ownership:manage");
  return db.transaction(async (tx) => {
    const { member, isLastOwner } = await lockMemberOrThrow(tx, actor, memberId);
    if (isLastOwner && role !== "owner")
      throw new ApiError("invalid_state", "The last owner cannot be demoted; make another member owner first");
    await tx.update(users).set({ role }).where(eq(users.id, member.id));
    await recordMemberChange(tx, actor.audit, {
      action: "member.role_changed",
      memberId: member.id,
      email: member.email,
      from: member.role,
      to: role,
    });
    return { id: member.id, email: member.email, role, previousRole: member.role };
  });
}
