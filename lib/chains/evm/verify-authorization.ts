import { encodeFunctionData, parseSignature, type Hex } from "viem";
import { ChainRpcError, ChainVerificationError, type TransferIntent, type Verified } from "../chain-adapter";
import { transferWithAuthorizationDigest } from "./eip3009-digest";
import { transferWithAuthorizationTypedData, type TransferWithAuthorizationTypedData } from "./eip3009-typed-data";
import { ERC20_ABI } from "./erc20-abi";
import { evmClientFor, sameAddress, tokenAddressOf } from "./evm-client";
import { revertReasonOf } from "./rpc-errors";
import { recoverAddressOf } from "./recover-address";
import { readTokenDomainOrThrow } from "./token-domain";

/** An authorization must outlive the relay: a few blocks to be mined before `validBefore`. */
const VALID_BEFORE_MARGIN_S = 10;
/** Headroom over the estimate: storage slots warmed or cleared by other transactions in the block. */
const GAS_HEADROOM_PERCENT = 25n;

function recoverSigner(typedData: TransferWithAuthorizationTypedData, signature: Hex) {
  let signer;
  try {
    signer = recoverAddressOf(transferWithAuthorizationDigest(typedData), signature);
  } catch {
    throw new ChainVerificationError("signature is malformed");
  }
  if (!signer) throw new ChainVerificationError("signature is malformed");
  return { signer, ...parseSignature(signature) };
}

/** A revert of transferWithAuthorization in words a wallet developer recognises. */
function refusal(reason: string, intent: TransferIntent): ChainVerificationError {
  if (/authorization is used|canceled/i.test(reason)) return new ChainVerificationError("authorization already used");
  if (/exceeds balance/i.test(reason)) return new ChainVerificationError(`insufficient ${intent.token.symbol} balance`);
  return new ChainVerificationError(`transferWithAuthorization would revert: ${reason}`);
}

/**
 * Verifies a buyer's EIP-3009 signature and returns the relay call, sending nothing: the signature
 * recovers to the payer over exactly the typed data `actionsFor` offered (so amount, recipient,
 * token, chain and nonce all match) and is not about to expire. Then one `eth_estimateGas` of
 * `transferWithAuthorization` from the relayer proves the token accepts it now (unused
 * authorization, funded payer; a revert is a ChainVerificationError with its reason) and sizes it.
 */
export async function verifyAuthorization(
  intent: TransferIntent,
  signature: string,
  relayer: `0x${string}`,
): Promise<Verified> {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new ChainVerificationError("result is not a 65-byte signature");
  const typedData = transferWithAuthorizationTypedData(
    intent,
    await readTokenDomainOrThrow(intent.network, intent.token),
  );
  const { from, to, nonce } = typedData.message;
  const { signer, r, s, yParity } = recoverSigner(typedData, signature as Hex);
  if (!sameAddress(signer, from))
    throw new ChainVerificationError(`signature is not the payer's (recovers to ${signer})`);
  if (intent.validBefore - Date.now() / 1000 < VALID_BEFORE_MARGIN_S)
    throw new ChainVerificationError("authorization expired");

  const { publicClient } = evmClientFor(intent.network);
  const address = tokenAddressOf(intent.network, intent.token);
  const args = [from, to, intent.amount, 0n, BigInt(intent.validBefore), nonce, 27 + yParity, r, s] as const;
  let gas: bigint;
  try {
    gas = await publicClient.estimateContractGas({
      account: relayer,
      address,
      abi: ERC20_ABI,
      functionName: "transferWithAuthorization",
      args,
    });
  } catch (error) {
    const reason = revertReasonOf(error);
    if (reason !== undefined) throw refusal(reason, intent);
    throw new ChainRpcError("estimating transferWithAuthorization failed", { cause: error });
  }
  const data = encodeFunctionData({ abi: ERC20_ABI, functionName: "transferWithAuthorization", args });
  return { kind: "relay", call: { to: address, data, gasLimit: gas + (gas * GAS_HEADROOM_PERCENT) / 100n } };
}
