import { writeFileSync } from "node:fs";
import { readFileSync } from "node:fs";
import { Keypair } from "@solana/web3.js";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { encryptKeystore } from "@/lib/chains/signers/keystore";
import { decodeBase58 } from "@/lib/chains/solana/base58";
import { UsageError } from "./commands";

export type KeystoreFlags = {
  chain?: string;
  out?: string;
  "passphrase-file"?: string;
  generate?: boolean;
};

/** The secret key a keystore will hold: fresh (--generate), else what stdin gives (0x-hex for EVM, base58 or a JSON byte array for Solana). */
function secretOf(
  chain: "evm" | "solana",
  generate: boolean,
  stdin: () => string,
): { secret: Uint8Array; address: string } {
  if (chain === "evm") {
    const key = generate ? generatePrivateKey() : stdin().trim();
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new UsageError("stdin must hold the EVM key as 0x + 64 hex digits");
    return { secret: Buffer.from(key.slice(2), "hex"), address: privateKeyToAddress(key as Hex) };
  }
  let secret: Uint8Array | undefined;
  if (generate) secret = Keypair.generate().secretKey;
  else {
    const text = stdin().trim();
    // solana-keygen writes a JSON array of the 64 bytes; wallets export base58.
    secret = text.startsWith("[") ? Uint8Array.from(JSON.parse(text) as number[]) : decodeBase58(text);
  }
  if (secret?.length !== 64)
    throw new UsageError("stdin must hold the Solana secret key: base58 or a JSON array of 64 bytes");
  let keypair: Keypair;
  try {
    keypair = Keypair.fromSecretKey(secret);
  } catch {
    throw new UsageError("that is not a Solana key pair (its public half does not match)");
  }
  return { secret, address: keypair.publicKey.toBase58() };
}

/**
 * `keystore create --chain evm|solana --out <file> --passphrase-file <file> [--generate]`: encrypt a gas key
 * into a v3 keystore (mode 0600, never overwriting a file) for EVM_RELAYER_KEYSTORE_FILE /
 * SOLANA_FEE_PAYER_KEYSTORE_FILE, and print its address (to fund it). The key comes from stdin, or is
 * generated and then exists only inside the keystore.
 */
export function keystoreCreate(flags: KeystoreFlags, stdin: () => string): string {
  const { chain, out } = flags;
  if (chain !== "evm" && chain !== "solana") throw new UsageError("keystore create needs --chain evm|solana");
  if (!out) throw new UsageError("keystore create needs --out <file>");
  if (!flags["passphrase-file"]) throw new UsageError("keystore create needs --passphrase-file <file>");
  const passphrase = readFileSync(flags["passphrase-file"], "utf8").trim();
  if (passphrase.length < 12) throw new UsageError("the passphrase must be at least 12 characters");
  const { secret, address } = secretOf(chain, flags.generate ?? false, stdin);
  const keystore = encryptKeystore(secret, passphrase, {
    address: chain === "evm" ? address.slice(2).toLowerCase() : address,
  });
  try {
    writeFileSync(out, `${JSON.stringify(keystore)}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new UsageError(`${out} exists: not overwritten`);
    throw err;
  }
  return address;
}
