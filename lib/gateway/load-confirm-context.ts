import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { prepared } from "@/db/prepared-per-db";
import { confirmRefusals, merchants, paymentOptions, payments } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { paymentWithMerchantColumns } from "@/lib/payments/load-payment-with-merchant";
import { effectiveStatus } from "@/lib/payments/status";
import { paymentIdFromPath } from "./payment-id-from-path";
import { REFUSAL_WINDOW_S } from "./refused-confirms";

/**
 * What a confirm reads before it verifies, in one statement: the payment with its merchant's face (as
 * loadGatewayPaymentOrThrow), the option the wallet names (null when it is not this payment's), and the
 * payment's refused confirms in the current window. Three reads of every confirm were three round trips
 * and three statements of the settlement burst's ~19 per payment (issue 29).
 */
export async function loadConfirmContextOrThrow(
  db: DbOrTx,
  { pathId, optionId }: { pathId: string; optionId: string },
) {
  const paymentId = paymentIdFromPath(pathId);
  const [row] = paymentId ? await confirmContextQuery(db).execute({ paymentId, optionId }) : [];
  if (!row) throw new ApiError("payment_not_found", "No such payment");
  const { option, refusedCount, refusalLeftS, ...loaded } = row;
  return {
    payment: { ...loaded, status: effectiveStatus(loaded.payment) },
    option,
    refusals: refusedCount === null ? undefined : { count: refusedCount, leftS: refusalLeftS ?? 0 },
  };
}

const confirmContextQuery = prepared((db: DbOrTx) =>
  db
    .select({
      ...paymentWithMerchantColumns,
      option: paymentOptions,
      refusedCount: confirmRefusals.count,
      refusalLeftS: sql<
        number | null
      >`extract(epoch from (${confirmRefusals.windowStart} + make_interval(secs => ${sql.raw(String(REFUSAL_WINDOW_S))}) - now()))::int`,
    })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .leftJoin(
      paymentOptions,
      and(eq(paymentOptions.id, sql.placeholder("optionId")), eq(paymentOptions.paymentId, payments.id)),
    )
    .leftJoin(confirmRefusals, eq(confirmRefusals.paymentId, payments.id))
    .where(eq(payments.id, sql.placeholder("paymentId")))
    .prepare("confirm_context"),
);
