import { z } from "zod";

/**
 * Confirm `results` in either accepted shape: the spec's plain strings, or the SDK's
 * `{type:"walletRpc", data:["<result>"]}`, one entry per action or (the WalletConnect Pay CLI) all
 * results in one entry's `data`. Returns one string per action, in order.
 */
const sdkResult = z.object({
  type: z.literal("walletRpc"),
  data: z.array(z.string().min(1).max(100_000)).min(1).max(16),
});
const result = z.union([z.string().min(1).max(100_000), sdkResult]);

export const confirmResultsSchema = z.array(result).min(1).max(16);

export function normalizeResults(results: z.infer<typeof confirmResultsSchema>): string[] {
  return results.flatMap((r) => (typeof r === "string" ? [r] : r.data));
}
