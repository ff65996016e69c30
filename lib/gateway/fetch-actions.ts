import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import { ApiError } from "@/lib/errors/api-error";
import { assertPayable } from "./assert-payable";
import { withChainErrors } from "./chain-errors";
import { findOptionOrThrow } from "./find-option-or-throw";
import { loadGatewayPaymentOrThrow } from "./load-gateway-payment";

import { intentOfOption } from "@/lib/payments/option-intent";
import { rentPayerFor } from "./rent-payer-for";
import { toWireAction } from "./wire-actions";
import { SERVICE_BUILT } from "@/lib/chains/transfer-methods";

// `data` is what the option's build action carried (ignored: the option row says what to build). Sized
// for a hex-encoded wallet request holding a whole Solana transaction (at most 1232 bytes).
export const fetchBody = z
  .object({ optionId: z.string().min(1).max(64), data: z.string().max(8192) })
  .meta({ id: "FetchActionsRequest" });

/**
 * Resolve an option's build action (spec 4.5 step 2): a fresh transaction to sign (its blockhash is
 * newer than the one built when the option was offered). Its exact message is stored so confirm
 * accepts that transaction or the options-time one, and no other.
 */
export async function fetchActions(db: Db, pathId: string, body: z.infer<typeof fetchBody>) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  assertPayable(p.status);
  const option = await findOptionOrThrow(db, { paymentId: p.payment.id, optionId: body.optionId });
  const adapter = adapterFor(namespaceOf(option.chainId));
  if (!adapter || !SERVICE_BUILT.has(option.method))
    throw new ApiError("invalid_params", "This option has no build action to fetch");
  const { built, rentPayer } = await withChainErrors(async () => {
    const offered = intentOfOption(option);
    const rentPayer = await rentPayerFor(db, { adapter, intent: offered, paymentId: option.paymentId });
    return { built: await adapter.resolveBuild({ ...offered, rentPayer }), rentPayer };
  });
  // The build and who funds a new account in it are kept together: confirm rebuilds from both. The
  // options-time build stays acceptable only if it funds the account alike; else the next options
  // call builds that option a new one.
  const sameFunder = sql`${paymentOptions.rentPayer} is not distinct from ${rentPayer ?? null}`;
  await db
    .update(paymentOptions)
    .set({
      builtMessage: built.message,
      lastValidBlockHeight: built.lastValidBlockHeight ?? null,
      rentPayer: rentPayer ?? null,
      offeredMessage: sql`case when ${sameFunder} then ${paymentOptions.offeredMessage} end`,
      offeredLastValidBlockHeight: sql`case when ${sameFunder} then ${paymentOptions.offeredLastValidBlockHeight} end`,
    })
    .where(eq(paymentOptions.id, option.id));
  return { actions: built.actions.map(toWireAction) };
}
