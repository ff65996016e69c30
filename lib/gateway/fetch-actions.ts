import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import { ApiError } from "@/lib/http/errors";
import { assertPayable } from "./assert-payable";
import { withChainErrors } from "./chain-errors";
import { findOptionOrThrow } from "./find-option-or-throw";
import { loadGatewayPaymentOrThrow } from "./load-gateway-payment";
import { intentOfOption } from "./option-intent";
import { rentPayerFor } from "./rent-payer-for";
import { toWireAction } from "./wire-actions";

/** Methods whose transaction the service builds fresh at fetch time (Solana). */
export const BUILT_AT_FETCH: ReadonlySet<string> = new Set(["spl_transfer"]);

export const fetchBody = z.object({ optionId: z.string().min(1).max(64), data: z.string().max(4096) }).meta({ id: "FetchActionsRequest" });

/**
 * Resolve an option's build action (spec 4.5 step 2): a fresh transaction to sign. Its exact
 * message is stored so confirm accepts that transaction and no other.
 */
export async function fetchActions(db: Db, pathId: string, body: z.infer<typeof fetchBody>) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  assertPayable(p.status);
  const option = await findOptionOrThrow(db, p.payment.id, body.optionId);
  const adapter = adapterFor(namespaceOf(option.chainId));
  if (!adapter || !BUILT_AT_FETCH.has(option.method)) throw new ApiError("invalid_params", "This option has no build action to fetch");
  const { built, rentPayer } = await withChainErrors(async () => {
    const offered = intentOfOption(option);
    const rentPayer = await rentPayerFor(db, adapter, offered);
    return { built: await adapter.resolveBuild({ ...offered, rentPayer }), rentPayer };
  });
  // The build and who funds a new account in it are kept together: confirm rebuilds from both.
  await db
    .update(paymentOptions)
    .set({ builtMessage: built.message, lastValidBlockHeight: built.lastValidBlockHeight ?? null, rentPayer: rentPayer ?? null })
    .where(eq(paymentOptions.id, option.id));
  return { actions: built.actions.map(toWireAction) };
}
