import type { Db } from "@/db/client";
import { csvField } from "@/lib/dashboard/payments-csv";
import { listAuditEvents, type AuditQuery, type AuditRow } from "./list-audit-events";

const COLUMNS: [string, (r: AuditRow) => string | null][] = [
  ["id", (r) => r.id],
  ["created_at", (r) => r.createdAt.toISOString()],
  ["actor_email", (r) => r.actorEmail],
  ["actor_user_id", (r) => r.actorUserId],
  ["action", (r) => r.action],
  ["target_kind", (r) => r.targetKind],
  ["target_id", (r) => r.targetId],
  ["details", (r) => JSON.stringify(r.details)],
  ["ip", (r) => r.ip],
  ["user_agent", (r) => r.userAgent],
];

/** The whole filtered audit log as CSV lines (CRLF), newest first, walking the keyset pages to the end. */
export async function* auditCsv(db: Db, merchantId: string, query: AuditQuery): AsyncGenerator<string> {
  yield `${COLUMNS.map(([name]) => name).join(",")}\r\n`;
  let before: string | undefined;
  do {
    const page = await listAuditEvents(db, { merchantId, query: { action: query.action, before }, limit: 500 });
    if (page.rows.length)
      yield page.rows.map((r) => `${COLUMNS.map(([, get]) => csvField(get(r))).join(",")}\r\n`).join("");
    before = page.next;
  } while (before);
}
