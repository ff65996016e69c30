import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Keypair } from "@solana/web3.js";
import { getAddress, type Address, type Hex } from "viem";
import type { Env } from "@/lib/env";
import { readRunningDevnet } from "../devnet-networks";
import { decodeBase58 } from "../solana/base58";
import type { EvmGasSigner, SolanaGasSigner } from "./gas-signer";
import { decryptKeystore, KeystoreError } from "./keystore";
import { localEvmSigner, localSolanaSigner } from "./local-signers";
import { remoteEvmSigner, remoteSolanaSigner } from "./remote-signers";
import { processWide } from "@/lib/process-wide";

export type GasSigners = { eip155?: EvmGasSigner; solana?: SolanaGasSigner };

/** The settings that give each namespace's gas key, for messages. */
export const GAS_KEY_FORMS = {
  eip155: "EVM_RELAYER_PRIVATE_KEY (or _FILE), EVM_RELAYER_KEYSTORE_FILE or EVM_RELAYER_SIGNER_URL",
  solana: "SOLANA_FEE_PAYER_SECRET_KEY (or _FILE), SOLANA_FEE_PAYER_KEYSTORE_FILE or SOLANA_FEE_PAYER_SIGNER_URL",
} as const;

/** Throws when more than one form of a key is set: which one the service would use must never be a guess. */
function oneForm(namespace: keyof typeof GAS_KEY_FORMS, forms: Record<string, unknown>): string | undefined {
  const given = Object.keys(forms).filter((name) => forms[name] !== undefined);
  if (given.length > 1) throw new Error(`${given.join(" and ")} are both set: give one of ${GAS_KEY_FORMS[namespace]}`);
  return given[0];
}

/** The secret of a keystore file, opened with its passphrase; a wrong one stops the start, naming the file setting. */
function openKeystore(setting: string, path: string, passphrase: string | undefined): Uint8Array {
  if (!passphrase) throw new Error(`${setting} needs ${setting.replace(/_FILE$/, "_PASSPHRASE_FILE")}`);
  let json: string;
  try {
    json = readFileSync(resolve(path), "utf8");
  } catch (err) {
    throw new Error(`${setting}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? "error"})`);
  }
  // Unlocking costs about a second of scrypt: once per process, though each Next.js bundle has this module.
  const opened = processWide("opened-keystores", () => new Map<string, Uint8Array>());
  const key = `${json}\0${passphrase}`;
  const known = opened.get(key);
  if (known) return known;
  try {
    const { secret } = decryptKeystore(json, passphrase);
    opened.set(key, secret);
    return secret;
  } catch (err) {
    if (err instanceof KeystoreError) throw new Error(`${setting} ${path} ${err.message}`);
    throw err;
  }
}

function evmSigner(s: Env): EvmGasSigner | undefined {
  const form = oneForm("eip155", {
    EVM_RELAYER_PRIVATE_KEY: s.EVM_RELAYER_PRIVATE_KEY,
    EVM_RELAYER_KEYSTORE_FILE: s.EVM_RELAYER_KEYSTORE_FILE,
    EVM_RELAYER_SIGNER_URL: s.EVM_RELAYER_SIGNER_URL,
  });
  if (form === "EVM_RELAYER_PRIVATE_KEY") return localEvmSigner(s.EVM_RELAYER_PRIVATE_KEY as Hex);
  if (form === "EVM_RELAYER_KEYSTORE_FILE") {
    const secret = openKeystore(form, s.EVM_RELAYER_KEYSTORE_FILE!, s.EVM_RELAYER_KEYSTORE_PASSPHRASE);
    if (secret.length !== 32) throw new Error(`${form} does not hold a 32-byte EVM key`);
    return localEvmSigner(`0x${Buffer.from(secret).toString("hex")}`);
  }
  if (form === "EVM_RELAYER_SIGNER_URL") {
    if (!s.EVM_RELAYER_ADDRESS) throw new Error("EVM_RELAYER_SIGNER_URL needs EVM_RELAYER_ADDRESS, the key's address");
    return remoteEvmSigner(getAddress(s.EVM_RELAYER_ADDRESS.toLowerCase()) as Address, {
      url: s.EVM_RELAYER_SIGNER_URL!,
      token: s.EVM_RELAYER_SIGNER_TOKEN,
      timeoutMs: s.SIGNER_TIMEOUT_MS,
    });
  }
  return undefined;
}

function solanaSigner(s: Env): SolanaGasSigner | undefined {
  const form = oneForm("solana", {
    SOLANA_FEE_PAYER_SECRET_KEY: s.SOLANA_FEE_PAYER_SECRET_KEY,
    SOLANA_FEE_PAYER_KEYSTORE_FILE: s.SOLANA_FEE_PAYER_KEYSTORE_FILE,
    SOLANA_FEE_PAYER_SIGNER_URL: s.SOLANA_FEE_PAYER_SIGNER_URL,
  });
  if (form === "SOLANA_FEE_PAYER_SECRET_KEY")
    return solanaFromSecret(form, decodeBase58(s.SOLANA_FEE_PAYER_SECRET_KEY!));
  if (form === "SOLANA_FEE_PAYER_KEYSTORE_FILE")
    return solanaFromSecret(
      form,
      openKeystore(form, s.SOLANA_FEE_PAYER_KEYSTORE_FILE!, s.SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE),
    );
  if (form === "SOLANA_FEE_PAYER_SIGNER_URL") {
    if (!s.SOLANA_FEE_PAYER_ADDRESS)
      throw new Error("SOLANA_FEE_PAYER_SIGNER_URL needs SOLANA_FEE_PAYER_ADDRESS, the fee payer's public key");
    return remoteSolanaSigner(s.SOLANA_FEE_PAYER_ADDRESS, {
      url: s.SOLANA_FEE_PAYER_SIGNER_URL!,
      token: s.SOLANA_FEE_PAYER_SIGNER_TOKEN,
      timeoutMs: s.SIGNER_TIMEOUT_MS,
    });
  }
  return undefined;
}

/** A 64-byte Solana secret key whose second half is the public key of its first (else it is no key pair). */
function solanaFromSecret(setting: string, secret: Uint8Array | undefined): SolanaGasSigner {
  if (secret?.length !== 64) throw new Error(`${setting} does not hold a 64-byte Solana secret key`);
  try {
    Keypair.fromSecretKey(secret);
  } catch {
    throw new Error(`${setting} is not a Solana key pair (its public half does not match)`);
  }
  return localSolanaSigner(secret);
}

/**
 * The service's gas signers, from the settings: a key (or its file), a keystore, or a remote signer, one
 * form per namespace. A namespace with none configured gets the running devnet's key outside production;
 * under NODE_ENV=production only while the networks are the devnet's own too (no NETWORKS_FILE: the demo,
 * a benchmark on this machine), never for networks a deployment names (a network there without its key
 * stops the start: checkGasSigners). A key configured but unusable (unreadable, wrong passphrase, two forms) always throws:
 * it is never replaced by another.
 */
export function resolveGasSigners(settings: Env): GasSigners {
  const signers: GasSigners = { eip155: evmSigner(settings), solana: solanaSigner(settings) };
  const deployment = settings.NODE_ENV === "production" && settings.NETWORKS_FILE !== undefined;
  if (deployment || (signers.eip155 && signers.solana)) return signers;
  const devnet = readRunningDevnet(resolve(settings.DEVNET_FILE));
  if (!devnet) return signers;
  const relayer = devnet.evm.relayer.privateKey as Hex;
  const feePayer = decodeBase58(devnet.solana.feePayer.secretKey);
  return {
    eip155: signers.eip155 ?? localEvmSigner(relayer),
    solana: signers.solana ?? (feePayer?.length === 64 ? localSolanaSigner(feePayer) : undefined),
  };
}
