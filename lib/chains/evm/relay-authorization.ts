import { parseSignature, recoverTypedDataAddress, type Hex } from "viem";
import { ChainRpcError, ChainVerificationError, type Submitted, type TransferIntent } from "../chain-adapter";
import { toViemTypedData, transferWithAuthorizationTypedData, type TransferWithAuthorizationTypedData } from "./eip3009-typed-data";
import { ERC20_ABI } from "./erc20-abi";
import { evmClientFor, sameAddress, tokenAddressOf, type RelayerWallet } from "./evm-client";
import { revertReasonOf, rpcOrThrow } from "./rpc-errors";
import { readTokenDomainOrThrow } from "./token-domain";

/** An authorization must outlive the relay: a few blocks to be mined before `validBefore`. */
const VALID_BEFORE_MARGIN_S = 10;

async function recoverSigner(typedData: TransferWithAuthorizationTypedData, signature: Hex) {
  try {
    return { signer: await recoverTypedDataAddress({ ...toViemTypedData(typedData), signature }), ...parseSignature(signature) };
  } catch {
    throw new ChainVerificationError("signature is malformed");
  }
}

/**
 * Relays a buyer's EIP-3009 signature. Verifies first, sending nothing on failure: the signature
 * recovers to the payer over exactly the typed data `actionsFor` offered (so amount, recipient,
 * token, chain and nonce all match), the authorization is not about to expire and not used yet,
 * and the payer holds the amount. Then simulates `transferWithAuthorization` from the relayer (a
 * revert is a ChainVerificationError with its reason) and sends it with the relayer's key.
 */
export async function relayAuthorization(intent: TransferIntent, signature: string, relayer: RelayerWallet): Promise<Submitted> {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new ChainVerificationError("result is not a 65-byte signature");
  const sig = signature as Hex;
  const typedData = transferWithAuthorizationTypedData(intent, await readTokenDomainOrThrow(intent.network, intent.token));
  const { from, to, nonce } = typedData.message;
  const { signer, r, s, yParity } = await recoverSigner(typedData, sig);
  if (!sameAddress(signer, from)) throw new ChainVerificationError(`signature is not the payer's (recovers to ${signer})`);
  if (intent.validBefore - Date.now() / 1000 < VALID_BEFORE_MARGIN_S) throw new ChainVerificationError("authorization expired");

  const { publicClient } = evmClientFor(intent.network);
  const address = tokenAddressOf(intent.network, intent.token);
  const [used, balance] = await Promise.all([
    rpcOrThrow("authorizationState", () => publicClient.readContract({ address, abi: ERC20_ABI, functionName: "authorizationState", args: [from, nonce] })),
    rpcOrThrow("balanceOf", () => publicClient.readContract({ address, abi: ERC20_ABI, functionName: "balanceOf", args: [from] })),
  ]);
  if (used) throw new ChainVerificationError("authorization already used");
  if (balance < intent.amount) throw new ChainVerificationError(`insufficient ${intent.token.symbol} balance`);

  const args = [from, to, intent.amount, 0n, BigInt(intent.validBefore), nonce, 27 + yParity, r, s] as const;
  let request;
  try {
    ({ request } = await publicClient.simulateContract({ account: relayer.account, address, abi: ERC20_ABI, functionName: "transferWithAuthorization", args }));
  } catch (error) {
    const reason = revertReasonOf(error);
    if (reason !== undefined) throw new ChainVerificationError(`transferWithAuthorization would revert: ${reason}`);
    throw new ChainRpcError("simulating transferWithAuthorization failed", { cause: error });
  }
  const txHash = await rpcOrThrow("sending transferWithAuthorization", () => relayer.writeContract(request));
  return { txHash };
}
