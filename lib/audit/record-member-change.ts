import type { DbOrTx } from "@/db/client";
import type { AuditActor } from "./audit-actor";
import { recordAuditEvent } from "./record-audit-event";

export type MemberChange =
  | { action: "member.invited"; email: string; role: string }
  | { action: "member.role_changed"; memberId: string; email: string; from: string; to: string }
  | { action: "member.removed"; memberId: string; email: string; role?: string };

/**
 * The audit record of a team change, for the team code to call with its own transaction (so the
 * record commits with the change). The target is the member (or, for an invitation, the address).
 */
export async function recordMemberChange(db: DbOrTx, actor: AuditActor, change: MemberChange): Promise<void> {
  const { action, ...details } = change;
  const target =
    "memberId" in change ? { kind: "member", id: change.memberId } : { kind: "invitation", id: change.email };
  await recordAuditEvent(db, { actor, action, target, details });
}
