import { PublicKey } from "@solana/web3.js";
import { isAddressEqual, type Address, type Hex } from "viem";
import { z } from "zod";
import { recoverAddressOf } from "../evm/recover-address";
import { isValidSignature } from "../solana/ed25519";
import { SignerError, type EvmGasSigner, type SolanaGasSigner } from "./gas-signer";

export type RemoteSignerOptions = { url: string; token?: string; timeoutMs: number };

/**
 * The signer's side of the exchange: POST JSON to its URL (Authorization: Bearer <token>),
 *   EVM     {"chain":"evm","address":"0x…","hash":"0x…","transaction":"0x…"}  ->  {"signature":"0x<65 bytes>"}
 *   Solana  {"chain":"solana","publicKey":"<base58>","message":"<base64>"}     ->  {"signature":"<base64 of 64 bytes>"}
 */
async function post(options: RemoteSignerOptions, body: object): Promise<string> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new SignerError(`remote signer did not answer: ${(err as Error).name}`, { cause: err });
  }
  if (!response.ok) throw new SignerError(`remote signer answered HTTP ${response.status}`);
  const parsed = z.object({ signature: z.string().max(200) }).safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SignerError("remote signer answered no signature");
  return parsed.data.signature;
}

/**
 * The EVM gas key behind an HTTP signer. Every signature is recovered before it is used: one from any key
 * but `address` (EVM_RELAYER_ADDRESS) is refused, so a misconfigured or compromised signer cannot make the
 * service send transactions from another account, nor hand out a malformed one.
 */
export function remoteEvmSigner(address: Address, options: RemoteSignerOptions): EvmGasSigner {
  return {
    address,
    async signHash(hash, transaction) {
      const signature = await post(options, { chain: "evm", address, hash, transaction });
      if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new SignerError("remote signer's signature is not 65 bytes");
      let signer: Address | undefined;
      try {
        signer = recoverAddressOf(hash, signature as Hex);
      } catch (err) {
        throw new SignerError("remote signer's signature does not recover", { cause: err });
      }
      if (!signer) throw new SignerError("remote signer's signature does not recover");
      if (!isAddressEqual(signer, address))
        throw new SignerError(`remote signer signed with ${signer}, not EVM_RELAYER_ADDRESS ${address}`);
      return signature as Hex;
    },
  };
}

/** The Solana fee payer behind an HTTP signer; each signature is verified under `publicKey` before it is used. */
export function remoteSolanaSigner(publicKey: string, options: RemoteSignerOptions): SolanaGasSigner {
  const key = new PublicKey(publicKey);
  return {
    publicKey,
    async signMessage(message) {
      const answer = await post(options, {
        chain: "solana",
        publicKey,
        message: Buffer.from(message).toString("base64"),
      });
      const signature = new Uint8Array(Buffer.from(answer, "base64"));
      if (!isValidSignature(signature, message, key))
        throw new SignerError(`remote signer's signature does not verify under SOLANA_FEE_PAYER_ADDRESS ${publicKey}`);
      return signature;
    },
  };
}
