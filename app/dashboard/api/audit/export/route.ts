import { auditCsv } from "@/lib/audit/audit-csv";
import { parseAuditQuery } from "@/lib/audit/list-audit-events";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { csvDownload } from "@/lib/http/csv-download";

/** The whole audit log (filtered by `?action=`) as CSV, streamed page by page. Needs `audit:read`. */
export const GET = dashboardRoute("audit:read", async ({ req, db, session }) => {
  const lines = auditCsv(db, session.merchant.id, parseAuditQuery(new URL(req.url).searchParams));
  return csvDownload(lines, "audit");
});
