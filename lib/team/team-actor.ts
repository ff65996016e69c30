import { actorOf, type AuditActor } from "@/lib/audit/audit-actor";
import type { DashboardSession } from "@/lib/auth/session-read";

/**
 * Who acts on the team: the signed-in member, and the same member as the audit log records them
 * (every team change is written to it in the change's own transaction).
 */
export type TeamActor = { user: { id: string; role: string }; merchant: { id: string }; audit: AuditActor };

/** The signed-in member of a dashboard request as the team's actor. */
export function teamActor(session: DashboardSession, req: Request): TeamActor {
  return { ...session, audit: actorOf(session, req) };
}
