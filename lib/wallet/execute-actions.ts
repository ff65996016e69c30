import { namespaceOfChain } from "./namespace-of-chain";
import { signSolanaAction } from "./sign-solana-action";
import type { EvmMethod, Signers } from "./signers";
import type { WalletRpcAction } from "./wallet-actions";
import { WalletFlowError } from "./wallet-error";
import { withSigner } from "./with-signer";

const EVM_METHODS: ReadonlySet<string> = new Set<EvmMethod>(["eth_sendTransaction", "eth_signTypedData_v4"]);
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
// 65 bytes for an EOA; smart-contract wallets (ERC-1271, ERC-6492) answer longer signatures.
const SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){65,}$/;

/**
 * Performs an option's wallet RPC actions one after another with the signers the wallet holds
 * and returns one result per action, same order and length (spec 4.5 rules 2-8). Each action
 * goes to the signer of its chain's namespace; any action it cannot perform raises, so a result
 * is never skipped or left undefined, and a later action is never signed after an earlier failed.
 */
export async function executeActions(actions: readonly WalletRpcAction[], signers: Signers): Promise<string[]> {
  const results: string[] = [];
  for (const action of actions) results.push(await executeAction(action, signers));
  return results;
}

async function executeAction(action: WalletRpcAction, signers: Signers): Promise<string> {
  if (action?.type !== "walletRpc" || !action.walletRpc)
    throw new WalletFlowError(
      "invalid_action",
      "Only wallet RPC actions can be executed; resolve build actions with fetch first.",
    );
  const { chainId, method } = action.walletRpc;
  if (!CAIP2.test(chainId)) throw new WalletFlowError("invalid_action", `"${chainId}" is not a CAIP-2 chain id.`);
  const namespace = namespaceOfChain(chainId);
  if (namespace === "eip155") {
    if (!EVM_METHODS.has(method))
      throw new WalletFlowError("unknown_method", `Unknown wallet method ${method} on ${chainId}.`);
    const signer = signers.eip155;
    if (!signer)
      throw new WalletFlowError("no_signer", `This payment needs an EVM wallet (${chainId}); none is connected.`);
    const params = parseParams(action);
    const result = await withSigner(() => signer.request({ method: method as EvmMethod, params, chainId }));
    const valid = typeof result === "string" && (method === "eth_sendTransaction" ? TX_HASH : SIGNATURE).test(result);
    if (!valid)
      throw new WalletFlowError(
        "invalid_result",
        `The wallet's answer to ${method} is not a ${method === "eth_sendTransaction" ? "transaction hash" : "signature"}.`,
      );
    return result;
  }
  if (namespace === "solana") {
    // solana_signAndSendTransaction is unknown here on purpose: the wallet never broadcasts (rule 5).
    if (method !== "solana_signTransaction")
      throw new WalletFlowError("unknown_method", `Unknown wallet method ${method} on ${chainId}.`);
    if (!signers.solana)
      throw new WalletFlowError("no_signer", `This payment needs a Solana wallet (${chainId}); none is connected.`);
    return signSolanaAction(parseParams(action), chainId, signers.solana);
  }
  throw new WalletFlowError("unsupported_namespace", `Unsupported chain namespace "${namespace}" (${chainId}).`);
}

function parseParams(action: WalletRpcAction): unknown[] {
  try {
    const params: unknown = JSON.parse(action.walletRpc.params);
    if (Array.isArray(params)) return params;
  } catch {
    // reported below
  }
  throw new WalletFlowError("invalid_action", `The params of ${action.walletRpc.method} are not a JSON array.`);
}
