import { isAddress } from "viem";
import { z } from "zod";
import { parseAccountId, type AccountId } from "@/lib/chains/caip";
import { ApiError, type FieldIssue } from "@/lib/errors/api-error";
import { parseSolanaAddress } from "@/lib/merchants/receiving-address";

export const optionsBody = z
  .object({
    accounts: z.array(z.string().max(200)).min(1).max(20),
    refresh: z.array(z.string()).nullish(),
  })
  .meta({ id: "GetPaymentOptionsRequest" });

/**
 * CAIP-10 accounts a wallet holds keys for. Malformed ones are a 400 `invalid_params`; well-formed
 * accounts of namespaces we do not serve are kept and simply get no options.
 */
export function parseAccounts(accounts: string[]): AccountId[] {
  const issues: FieldIssue[] = [];
  const parsed = accounts.map((value, i) => {
    const account = parseAccountId(value);
    if (!account || !validAddress(account)) {
      issues.push({
        field: `accounts.${i}`,
        message: "must be a CAIP-10 account, e.g. eip155:8453:0x… or solana:<ref>:<base58>",
      });
    }
    return account;
  });
  if (issues.length) throw new ApiError("invalid_params", `accounts: ${issues[0]!.message}`, { issues });
  return parsed as AccountId[];
}

function validAddress(account: AccountId): boolean {
  if (account.chain.namespace === "eip155") return isAddress(account.address, { strict: false });
  if (account.chain.namespace === "solana") {
    try {
      parseSolanaAddress(account.address);
      return true;
    } catch {
      return false;
    }
  }
  return true;
}
