import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
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
      "content-disposition": `attachment; filename="payments-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
});
