import type { paymentOptions } from "@/db/schema";
import type { BuiltTransaction } from "@/lib/chains/chain-adapter";

type OptionRow = typeof paymentOptions.$inferSelect;

/** The transaction built when the option was offered, if one is stored. */
export function offeredBuildOf(option: OptionRow): BuiltTransaction | undefined {
  if (!option.offeredMessage) return undefined;
  return {
    actions: [],
    message: option.offeredMessage,
    lastValidBlockHeight: option.offeredLastValidBlockHeight ?? undefined,
  };
}

/**
 * Every transaction stored for an option that a wallet may have signed: the options-time one and
 * the latest fetch-time one. Confirm accepts a signature over either, and nothing else.
 */
export function buildsOf(option: OptionRow): BuiltTransaction[] {
  const offered = offeredBuildOf(option);
  const fetched = option.builtMessage
    ? { actions: [], message: option.builtMessage, lastValidBlockHeight: option.lastValidBlockHeight ?? undefined }
    : undefined;
  return [offered, fetched].filter((b): b is BuiltTransaction => b !== undefined);
}
