import Link from "next/link";
import { daysBefore } from "@/lib/dashboard/date-range";

/** The overview's date range (UTC days), with shortcuts to the last 7, 30 and 90 days. */
export function OverviewRangeForm({ from, to }: { from: string; to: string }) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <form key={`${from}/${to}`} className="dash-panel dash-row" method="get" aria-label="Date range">
      <div className="dash-field" style={{ marginBottom: 0 }}>
        <label htmlFor="from">From (UTC)</label>
        <input id="from" name="from" type="date" defaultValue={from} required />
      </div>
      <div className="dash-field" style={{ marginBottom: 0 }}>
        <label htmlFor="to">To (UTC)</label>
        <input id="to" name="to" type="date" defaultValue={to} required />
      </div>
      <button type="submit" className="dash-btn dash-btn-primary">
        Apply
      </button>
      <span className="dash-muted">
        Last{" "}
        {[7, 30, 90].map((n, i) => (
          <span key={n}>
            {i > 0 ? " · " : ""}
            <Link href={`/dashboard?from=${daysBefore(today, n)}&to=${today}`}>{n} days</Link>
          </span>
        ))}
      </span>
    </form>
  );
}
