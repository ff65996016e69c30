import type { DbOrTx } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { AuditAction } from "./audit-actions";
import type { AuditActor } from "./audit-actor";

export type AuditTarget = { kind: string; id: string };

/**
 * Write one row of the merchant's audit log. Pass the action's own transaction when it has one, so
 * the record commits (or rolls back) with the action; otherwise the db, after the action succeeded.
 * `details` must hold no secret: it is shown to the owner and exported.
 */
export async function recordAuditEvent(
  db: DbOrTx,
  {
    actor,
    action,
    target,
    details = {},
  }: { actor: AuditActor; action: AuditAction; target?: AuditTarget; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId("aud"),
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action,
    targetKind: target?.kind ?? null,
    targetId: target?.id ?? null,
    details,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
  });
}
