import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { EvmGasSigner, SolanaGasSigner } from "./gas-signer";

/** The EVM gas key held in this process (from EVM_RELAYER_PRIVATE_KEY, its file, a keystore, or the devnet). */
export function localEvmSigner(privateKey: Hex): EvmGasSigner {
  const account = privateKeyToAccount(privateKey);
  return { address: account.address, signHash: (hash) => account.sign({ hash }) };
}

/** The Solana fee payer held in this process: Ed25519 by Node's crypto over the 64-byte secret key's seed. */
export function localSolanaSigner(secretKey: Uint8Array): SolanaGasSigner {
  const keypair = Keypair.fromSecretKey(secretKey);
  const privateKey = ed25519PrivateKey(secretKey.subarray(0, 32));
  return {
    publicKey: keypair.publicKey.toBase58(),
    signMessage: async (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

// PKCS#8 of an Ed25519 seed: this fixed prefix, then the 32 bytes (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

function ed25519PrivateKey(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
}
