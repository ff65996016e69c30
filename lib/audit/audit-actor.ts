import type { DashboardSession } from "@/lib/auth/session-read";
import { clientIp } from "@/lib/http/client-ip";

/** Who acted, as the audit log keeps it: the member then, and where the request came from. */
export type AuditActor = {
  merchantId: string;
  userId: string | null;
  email: string;
  ip?: string;
  userAgent?: string;
};

/** The signed-in member of a dashboard request as an audit actor. */
export function actorOf(session: Pick<DashboardSession, "user" | "merchant">, req?: Request): AuditActor {
  return {
    merchantId: session.merchant.id,
    userId: session.user.id,
    email: session.user.email,
    ip: req ? clientIp(req) : undefined,
    // Bounded: the header is the client's to fill.
    userAgent: req?.headers.get("user-agent")?.slice(0, 300) ?? undefined,
  };
}
