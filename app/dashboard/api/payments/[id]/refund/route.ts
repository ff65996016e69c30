import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { z } from "zod";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ApiError } from "@/lib/errors/api-error";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { recordWalletRefund } from "@/lib/payments/record-wallet-refund";
import { paymentIdParam } from "@/lib/payments/schemas";

const body = z.object({
  txHash: z
    .string()
    .regex(
      /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/,
      "must be an EVM transaction hash or a Solana signature",
    ),
});

/**
 * The merchant refunded the buyer from its own wallet on this page: the transaction is verified on
 * chain (token, amount, from the receiving address to the buyer, after the payment) before the
 * payment is marked refunded with it. A transaction that does not match is 422 and records nothing.
 */
export const POST = dashboardRoute<{ id: string }>("refunds:write", async ({ req, params, db, session }) => {
  const id = paymentIdParam.safeParse(params.id);
  if (!id.success) throw new ApiError("not_found", "No such payment");
  const { txHash } = parseOrThrow(body, await readJson(req));
  const refunded = await recordWalletRefund(db, {
    merchantId: session.merchant.id,
    paymentId: id.data,
    txHash,
    refundedBy: session.user.email,
  });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "payment.refunded",
    target: { kind: "payment", id: refunded.id },
    details: { txHash },
  });
  return json({
    paymentId: refunded.id,
    refundedAt: refunded.refundedAt?.toISOString() ?? null,
    refundedBy: refunded.refundedBy,
    refundTxHash: refunded.refundTxHash,
  });
});
