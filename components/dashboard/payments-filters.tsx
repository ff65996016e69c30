import Link from "next/link";
import type { FieldIssue } from "@/lib/errors/api-error";
import { EXCEPTION_FILTERS } from "@/lib/listings/listing-query";
import { LISTING_STATUSES } from "@/lib/listings/listing-status";
import { exceptionLabel } from "./exception-badge";
import { statusLabel } from "./status-badge";

type Option = { value: string; label: string };

/** The table's filters as a plain GET form: works without script, and the URL is shareable. */
export function PaymentsFilters(props: {
  params: URLSearchParams;
  networks: Option[];
  assets: Option[];
  issues: FieldIssue[];
}) {
  const { params, issues } = props;
  const statuses = new Set(params.getAll("status"));
  const error = (field: string) => issues.find((i) => i.field === field)?.message;
  return (
    // Keyed by the query: uncontrolled inputs take their defaults again when the URL changes (e.g. Clear).
    <form key={params.toString()} method="get" className="dash-panel" aria-label="Filter payments">
      {issues.length ? (
        <div className="dash-error" role="alert">
          {issues.map((i) => `${i.field}: ${i.message}`).join("; ")}
        </div>
      ) : null}
      <div className="dash-row">
        <div className="dash-field">
          <label htmlFor="q">Search</label>
          <input
            id="q"
            name="q"
            type="search"
            placeholder="Reference or payment id"
            defaultValue={params.get("q") ?? ""}
          />
        </div>
        <div className="dash-field">
          <label htmlFor="from">From (UTC)</label>
          <input
            id="from"
            name="from"
            type="date"
            defaultValue={params.get("from") ?? ""}
            aria-invalid={error("from") ? true : undefined}
          />
        </div>
        <div className="dash-field">
          <label htmlFor="to">To (UTC)</label>
          <input
            id="to"
            name="to"
            type="date"
            defaultValue={params.get("to") ?? ""}
            aria-invalid={error("to") ? true : undefined}
          />
        </div>
        <div className="dash-field">
          <label htmlFor="network">Network</label>
          <select id="network" name="network" defaultValue={params.get("network") ?? ""}>
            <option value="">All networks</option>
            {props.networks.map((n) => (
              <option key={n.value} value={n.value}>
                {n.label}
              </option>
            ))}
          </select>
        </div>
        <div className="dash-field">
          <label htmlFor="asset">Token</label>
          <select id="asset" name="asset" defaultValue={params.get("asset") ?? ""}>
            <option value="">All tokens</option>
            {props.assets.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="dash-field">
          <label htmlFor="exception">Needs attention</label>
          <select
            id="exception"
            name="exception"
            defaultValue={params.get("exception") ?? ""}
            aria-invalid={error("exception") ? true : undefined}
          >
            <option value="">All payments</option>
            {EXCEPTION_FILTERS.map((e) => (
              <option key={e} value={e}>
                {e === "any" ? "Any exception" : exceptionLabel(e)}
              </option>
            ))}
          </select>
        </div>
        <div className="dash-field">
          <label htmlFor="sort">Sort</label>
          <select id="sort" name="sort" defaultValue={params.get("sort") ?? "date:desc"}>
            <option value="date:desc">Newest first</option>
            <option value="date:asc">Oldest first</option>
            <option value="amount:desc">Amount, high to low</option>
            <option value="amount:asc">Amount, low to high</option>
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="dash-label">Status</legend>
        <div className="dash-checks">
          {LISTING_STATUSES.map((s) => (
            <label key={s}>
              <input type="checkbox" name="status" value={s} defaultChecked={statuses.has(s)} /> {statusLabel(s)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="dash-row">
        <button type="submit" className="dash-btn dash-btn-primary">
          Apply filters
        </button>
        <Link className="dash-btn" href="/dashboard/payments">
          Clear
        </Link>
      </div>
    </form>
  );
}
