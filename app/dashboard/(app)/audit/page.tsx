import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { AUDIT_ACTIONS } from "@/lib/audit/audit-actions";
import { listAuditEvents, parseAuditQuery, type AuditQuery } from "@/lib/audit/list-audit-events";
import { formatTime } from "@/lib/dashboard/format";
import { MissingPermission } from "@/components/dashboard/missing-permission";
import { requirePermission } from "@/lib/dashboard/page-session";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Record<string, string | string[] | undefined>;

function queryOf(params: SearchParams): AuditQuery {
  const flat = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (typeof v === "string") flat.set(k, v);
  try {
    return parseAuditQuery(flat);
  } catch {
    return {};
  }
}

/** Who did what in this merchant's account, newest first, filtered by action, with a CSV export. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { session, missing } = await requirePermission("audit:read");
  if (missing) return <MissingPermission title="Audit log" permission={missing} role={session.user.role} />;
  const query = queryOf(await searchParams);
  const page = await listAuditEvents(await getDb(), { merchantId: session.merchant.id, query });
  const filter = query.action ? `action=${encodeURIComponent(query.action)}` : "";
  return (
    <>
      <h1>Audit log</h1>
      <section className="dash-panel" aria-labelledby="audit-heading">
        <h2 id="audit-heading">Sensitive actions</h2>
        <p className="dash-muted">
          Refunds, payments marked as paid, keys, addresses, webhook endpoints, sign-in security and team changes: who,
          when and from where. Times are UTC.
        </p>
        <form method="get" action="/dashboard/audit" className="dash-filters">
          <label>
            Action{" "}
            <select name="action" defaultValue={query.action ?? ""}>
              <option value="">Every action</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="submit" className="dash-btn">
            Filter
          </button>{" "}
          <a className="dash-btn" href={`/dashboard/api/audit/export${filter ? `?${filter}` : ""}`} download>
            Export CSV
          </a>
        </form>
        {page.rows.length === 0 ? (
          <p className="dash-muted">Nothing recorded yet.</p>
        ) : (
          <div className="dash-table-wrap">
            <table data-testid="audit-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">On</th>
                  <th scope="col">Details</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((r) => (
                  <tr key={r.id} data-audit-id={r.id}>
                    <td>{formatTime(r.createdAt)}</td>
                    <td>{r.actorEmail}</td>
                    <td>
                      <code>{r.action}</code>
                    </td>
                    <td>{r.targetKind ? <code>{`${r.targetKind} ${r.targetId}`}</code> : null}</td>
                    <td>
                      <code>{Object.keys(r.details).length ? JSON.stringify(r.details) : ""}</code>
                    </td>
                    <td className="dash-muted">{r.ip ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page.next ? (
          <Link
            className="dash-btn"
            href={`/dashboard/audit?${filter ? `${filter}&` : ""}before=${encodeURIComponent(page.next)}`}
            rel="next"
          >
            Older
          </Link>
        ) : null}
      </section>
    </>
  );
}
