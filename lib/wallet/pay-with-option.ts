import { executeActions } from "./execute-actions";
import type { GatewayClient } from "./gateway-client";
import type { GatewayStatus } from "./gateway-schemas";
import { namespaceOfChain } from "./namespace-of-chain";
import { resolveActions } from "./resolve-actions";
import type { Signers } from "./signers";
import type { WalletAction } from "./wallet-actions";
import { WalletFlowError } from "./wallet-error";

/** Where a payment stands, for a UI: fetching build actions, waiting on the wallet, confirming. */
export type PayStep = "preparing" | "signing" | "confirming";

export type PayWithOptionArgs = {
  client: Pick<GatewayClient, "fetchActions" | "confirm">;
  paymentId: string;
  /** The chosen option as getOptions returned it. */
  option: { id: string; actions: readonly WalletAction[]; account?: string };
  signers: Signers;
  onStep?: (step: PayStep) => void;
  /** Let confirm wait up to this long (ms) for a final status. */
  maxPollMs?: number;
  signal?: AbortSignal;
};

/**
 * One whole payment with a chosen option: resolve build actions (fetch), perform every action
 * with the signer of its namespace, confirm with the results. In a mixed payment the chosen
 * option's own chain decides which signer runs (spec 4.5 rule 9). Returns the confirm answer;
 * fails with a WalletFlowError (user_rejected when the buyer declines in the wallet).
 */
export async function payWithOption({
  client,
  paymentId,
  option,
  signers,
  onStep,
  maxPollMs,
  signal,
}: PayWithOptionArgs): Promise<GatewayStatus> {
  // A build action names no chain: the option's account does. Fail before asking the service to
  // build a transaction this wallet cannot sign (rule 3).
  const namespace = option.account ? namespaceOfChain(option.account) : undefined;
  if ((namespace === "eip155" || namespace === "solana") && !signers[namespace]) {
    throw new WalletFlowError("no_signer", `This option pays from ${option.account}; connect a wallet for it.`);
  }
  onStep?.("preparing");
  const actions = await resolveActions(client, { paymentId, option, signal });
  onStep?.("signing");
  const results = await executeActions(actions, signers);
  signal?.throwIfAborted();
  onStep?.("confirming");
  return client.confirm(paymentId, { optionId: option.id, results }, { maxPollMs, signal });
}
