import { parseAbiItem, type TransactionReceipt } from "viem";
import type { TransferIntent } from "../chain-adapter";
import { ERC20_ABI } from "./erc20-abi";
import { addressOrThrow, evmClientFor, tokenAddressOf } from "./evm-client";
import { rpcOrThrow } from "./rpc-errors";

const AUTHORIZATION_USED = parseAbiItem("event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)");
/** How far back to look for the transaction that used an authorization (providers cap log ranges). */
const LOOKBACK_BLOCKS = 5_000n;

/**
 * The receipt of the transaction that used this intent's EIP-3009 authorization, when the token
 * says it is used: relays are public, so whoever saw the signature may have sent it before us.
 * Undefined while it is unused (or its use is older than the look-back).
 */
export async function findAuthorizationUse(intent: TransferIntent): Promise<TransactionReceipt | undefined> {
  const { publicClient } = evmClientFor(intent.network);
  const address = tokenAddressOf(intent.network, intent.token);
  const payer = addressOrThrow(intent.payer, "payer");
  const used = await rpcOrThrow("authorizationState", () =>
    publicClient.readContract({
      address,
      abi: ERC20_ABI,
      functionName: "authorizationState",
      args: [payer, intent.reference],
    }),
  );
  if (!used) return undefined;
  const latest = await rpcOrThrow("eth_blockNumber", () => publicClient.getBlockNumber({ cacheTime: 0 }));
  const logs = await rpcOrThrow("eth_getLogs(AuthorizationUsed)", () =>
    publicClient.getLogs({
      address,
      event: AUTHORIZATION_USED,
      args: { authorizer: payer, nonce: intent.reference },
      fromBlock: latest > LOOKBACK_BLOCKS ? latest - LOOKBACK_BLOCKS : 0n,
      toBlock: latest,
    }),
  );
  const log = logs.at(-1);
  if (!log?.transactionHash) return undefined;
  return rpcOrThrow("eth_getTransactionReceipt", () =>
    publicClient.getTransactionReceipt({ hash: log.transactionHash! }),
  );
}
