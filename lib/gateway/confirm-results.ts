import { z } from "zod";

/**
 * Confirm `results` in either accepted shape: the spec's plain strings, or the SDK's
 * `{type:"walletRpc", data:["<result>"]}`. Returns one string per action, in order.
 */
const sdkResult = z.object({ type: z.literal("walletRpc"), data: z.array(z.string().min(1).max(100_000)).length(1) });
const result = z.union([z.string().min(1).max(100_000), sdkResult]);

export const confirmResultsSchema = z.array(result).min(1).max(16);

export function normalizeResults(results: z.infer<typeof confirmResultsSchema>): string[] {
  return results.map((r) => (typeof r === "string" ? r : r.data[0]!));
}
