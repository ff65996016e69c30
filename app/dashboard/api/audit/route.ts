import { listAuditEvents, parseAuditQuery } from "@/lib/audit/list-audit-events";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";

/** One page of the merchant's audit log, newest first (`?action=`, `?before=` the previous page's `next`). Needs `audit:read`. */
export const GET = dashboardRoute("audit:read", async ({ req, db, session }) => {
  const page = await listAuditEvents(db, {
    merchantId: session.merchant.id,
    query: parseAuditQuery(new URL(req.url).searchParams),
  });
  return json({
    data: page.rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actor: { userId: r.actorUserId, email: r.actorEmail },
      action: r.action,
      target: r.targetKind ? { kind: r.targetKind, id: r.targetId } : null,
      details: r.details,
      ip: r.ip,
      userAgent: r.userAgent,
    })),
    next: page.next ?? null,
  });
});
