import type { DayRevenue } from "@/lib/listings/revenue-by-day";
import { formatMoney } from "@/lib/dashboard/format";

const W = 720;
const H = 220;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };

/**
 * Revenue per day as a server-rendered SVG bar chart (no chart library, no script). Screen readers
 * get a summary and the same numbers as a table (visually hidden).
 */
export function RevenueChart({ days, currency }: { days: DayRevenue[]; currency: string }) {
  const max = days.reduce((m, d) => (d.revenueMinor > m ? d.revenueMinor : m), 0n);
  const top = max === 0n ? 1n : max;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(1, Math.min(32, slot * 0.7));
  const labelEvery = Math.ceil(days.length / 8);
  const total = days.reduce((s, d) => s + d.revenueMinor, 0n);
  return (
    <figure className="dash-chart" style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="revenue-chart-title">
        <title id="revenue-chart-title">{`Revenue per day, ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""}: ${formatMoney(total, currency)} in total`}</title>
        {[0, 0.5, 1].map((f) => {
          const y = PAD.top + plotH * (1 - f);
          return (
            <g key={f}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="#e3e6ea" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#505866">
                {formatMoney((top * BigInt(Math.round(f * 100))) / 100n, currency)}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = (Number((d.revenueMinor * 10_000n) / top) / 10_000) * plotH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.day}>
              <rect x={x} y={PAD.top + plotH - h} width={barW} height={h} rx={2} fill="#1f4fd8">
                <title>{`${d.day}: ${formatMoney(d.revenueMinor, currency)}, ${d.transactions} payments`}</title>
              </rect>
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="#505866">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* A table ignores width: 1px, so the hiding box wraps it. */}
      <div className="dash-visually-hidden">
        <table>
          <caption>Revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Revenue</th>
              <th scope="col">Payments</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{formatMoney(d.revenueMinor, currency)}</td>
                <td>{d.transactions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
