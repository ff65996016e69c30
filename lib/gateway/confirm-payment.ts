import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import { ApiError } from "@/lib/http/errors";
import { effectiveStatus } from "@/lib/payments/status";
import { withChainErrors } from "./chain-errors";
import { BUILT_AT_FETCH } from "./fetch-actions";
import { confirmResultsSchema, normalizeResults } from "./confirm-results";
import { findOptionOrThrow } from "./find-option-or-throw";
import { toGatewayStatus } from "./gateway-views";
import { loadGatewayPaymentOrThrow } from "./load-gateway-payment";
import { intentOfOption } from "./option-intent";

export const confirmBody = z
  .object({ optionId: z.string().min(1).max(64), results: confirmResultsSchema, collectedData: z.unknown().optional() })
  .meta({ id: "ConfirmPaymentRequest" });

// Every option of ours resolves to exactly one wallet action (typed data, a transfer, or one Solana transaction).
const ACTIONS_PER_OPTION = 1;

/**
 * Confirm (spec 4.5 step 3). Under the payment's row lock, so concurrent confirms of one payment
 * act once: verify the results against the stored option, relay or broadcast, and move the
 * payment to processing. A repeat of the confirm that won answers the current status.
 */
export async function confirmPayment(db: Db, pathId: string, body: z.infer<typeof confirmBody>, walletName: string | null) {
  const { payment } = await loadGatewayPaymentOrThrow(db, pathId);
  const results = normalizeResults(body.results);
  if (results.length !== ACTIONS_PER_OPTION) {
    throw new ApiError("invalid_params", `results must hold ${ACTIONS_PER_OPTION} entry per action of the option, in order; got ${results.length}`, [
      { field: "results", message: "length does not match the option's actions" },
    ]);
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
    const status = effectiveStatus(locked!);
    if (status !== "pending") {
      if (locked!.optionId === body.optionId && status !== "expired") return toGatewayStatus({ status, payment: locked! });
      if (status === "expired") throw new ApiError("payment_expired", "This payment has expired");
      throw new ApiError("invalid_state", `This payment is already ${status}`);
    }
    const option = await findOptionOrThrow(tx, payment.id, body.optionId);
    const adapter = adapterFor(namespaceOf(option.chainId));
    if (!adapter) throw new ApiError("invalid_state", "This option's network is no longer served");
    if (BUILT_AT_FETCH.has(option.method) && !option.builtMessage) {
      throw new ApiError("invalid_state", "Fetch this option's build action before confirming it");
    }
    const intent = intentOfOption(option);
    const built = option.builtMessage
      ? { actions: [], message: option.builtMessage, lastValidBlockHeight: option.lastValidBlockHeight ?? undefined }
      : undefined;
    const submitted = await withChainErrors(() => adapter.submit(intent, results, { built, notBefore: payment.createdAt }));

    const [updated] = await tx
      .update(payments)
      .set({
        status: "processing",
        optionId: option.id,
        buyerAccount: option.account,
        chainId: option.chainId,
        tokenCaip19: option.tokenCaip19,
        tokenAmount: option.tokenAmount,
        tokenSymbol: intent.token.symbol,
        tokenDecimals: intent.token.decimals,
        txHash: submitted.txHash,
        walletName,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id))
      .returning()
      .catch((err: unknown) => {
        // payments_chain_tx_unique: one on-chain transfer settles at most one payment.
        if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === "23505") {
          throw new ApiError("verification_failed", "This transaction already settles another payment");
        }
        throw err;
      });
    return toGatewayStatus({ status: "processing", payment: updated! });
  });
}
