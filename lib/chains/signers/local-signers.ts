import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { signRecoverable } from "tiny-secp256k1";
import { bytesToHex, hexToBytes, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { EvmGasSigner, SolanaGasSigner } from "./gas-signer";

/**
 * The EVM gas key held in this process (from EVM_RELAYER_PRIVATE_KEY, its file, a keystore, or the
 * devnet). Every relay is signed: libsecp256k1 in WebAssembly (tiny-secp256k1) takes about a third of
 * viem's pure-JS time, with the same signature (RFC 6979 nonces, low s), as viem's `sign` writes it.
 */
export function localEvmSigner(privateKey: Hex): EvmGasSigner {
  const account = privateKeyToAccount(privateKey);
  const key = hexToBytes(privateKey, { size: 32 });
  return {
    address: account.address,
    signHash: async (hash) => {
      const { signature, recoveryId } = signRecoverable(hexToBytes(hash, { size: 32 }), key);
      // 2 or 3 would mean r overflowed the curve order (odds about 2^-127): no Ethereum signature has it.
      if (recoveryId > 1) throw new Error("signature recovery id out of range");
      return `${bytesToHex(signature)}${recoveryId === 0 ? "1b" : "1c"}`;
    },
  };
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
