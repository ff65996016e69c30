import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { can } from "./permissions";
import type { TeamActor } from "./team-actor";

/**
 * Inside a transaction: the member `memberId` of the actor's team, with the merchant's owners locked
 * (`for update`) so that two owners demoting or removing each other at once cannot leave none: the
 * second waits and sees the first's change. Refuses the actor acting on themself, another merchant's
 * user (404, as an unknown id) and anyone but an owner touching an owner.
 */
export async function lockMemberOrThrow(tx: DbOrTx, actor: TeamActor, memberId: string) {
  if (memberId === actor.user.id) throw new ApiError("invalid_state", "You cannot change or remove yourself");
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, actor.merchant.id), eq(users.role, "owner")))
    .orderBy(users.id)
    .for("update");
  const [member] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.merchantId, actor.merchant.id)));
  if (!member) throw new ApiError("not_found", "No such member of your team");
  if (member.role === "owner" && !can(actor.user.role, "ownership:manage"))
    throw new ApiError(
      "insufficient_permission",
      "Changing or removing an owner needs the permission ownership:manage",
    );
  const otherOwners = owners.filter((o) => o.id !== member.id).length;
  return { member, isLastOwner: member.role === "owner" && otherOwners === 0 };
}
