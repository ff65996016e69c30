import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { csvDownload } from "@/lib/http/csv-download";
import { paymentsCsv } from "@/lib/dashboard/payments-csv";
import { parsePaymentsQuery } from "@/lib/dashboard/payments-query";
import { ApiError } from "@/lib/errors/api-error";

/** The filtered payments as CSV, streamed page by page through the listing query (not only the page on screen). */
export const GET = dashboardRoute("payments:export", async ({ req, db, session }) => {
  const { query, issues } = parsePaymentsQuery(new URL(req.url).searchParams);
  if (issues.length)
    throw new ApiError("params_validation", `Filters are invalid (${issues[0]!.field}: ${issues[0]!.message})`, {
      issues,
    });
  const lines = paymentsCsv(db, session.merchant.id, { ...query, cursor: undefined });
  return csvDownload(lines, "payments");
});
