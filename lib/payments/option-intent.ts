import type { paymentOptions } from "@/db/schema";
import type { TransferIntent, TransferMethod } from "@/lib/chains/chain-adapter";
import { parseAccountId } from "@/lib/chains/caip";
import { loadNetworks } from "@/lib/chains/load-networks";
import { ApiError } from "@/lib/errors/api-error";

type OptionRow = typeof paymentOptions.$inferSelect;

/** Rebuild an option's transfer from what the service stored, never from what a wallet sends back. */
export function intentOfOption(option: OptionRow): TransferIntent {
  const network = loadNetworks().find((n) => n.chainId === option.chainId);
  const token = network?.tokens.find((t) => t.caip19 === option.tokenCaip19);
  if (!network || !token)
    throw new ApiError("invalid_state", "This option's network or token is no longer offered; ask for options again");
  return {
    network,
    token,
    method: option.method as TransferMethod,
    payer: parseAccountId(option.account)!.address,
    recipient: option.recipient,
    amount: BigInt(option.tokenAmount),
    reference: option.reference as `0x${string}`,
    validBefore: option.validBefore,
    ...(option.rentPayer ? { rentPayer: option.rentPayer } : {}),
  };
}
