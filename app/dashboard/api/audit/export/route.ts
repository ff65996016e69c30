import { auditCsv } from "@/lib/audit/audit-csv";
import { parseAuditQuery } from "@/lib/audit/list-audit-events";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";

/** The whole audit log (filtered by `?action=`) as CSV, streamed page by page. Needs `audit:read`. */
export const GET = dashboardRoute("audit:read", async ({ req, db, session }) => {
  const lines = auditCsv(db, session.merchant.id, parseAuditQuery(new URL(req.url).searchParams));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
});
