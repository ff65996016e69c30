import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keccak256, recoverAddress, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "@/lib/env";
import { SignerError } from "@/lib/chains/signers/gas-signer";
import { resolveGasSigners } from "@/lib/chains/signers/gas-signers";
import { encryptKeystore } from "@/lib/chains/signers/keystore";
import { localEvmSigner, localSolanaSigner } from "@/lib/chains/signers/local-signers";
import { remoteEvmSigner, remoteSolanaSigner } from "@/lib/chains/signers/remote-signers";
import { isValidSignature } from "@/lib/chains/solana/ed25519";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { startHttpSigner, type HttpSigner } from "../support/http-signer";

const evmKey = generatePrivateKey();
const evmAddress = privateKeyToAccount(evmKey).address;
const solana = Keypair.generate();
const hash = keccak256(toHex("a relay transaction"));
const message = new Uint8Array(Buffer.from("a Solana transaction message"));
const dir = mkdtempSync(join(tmpdir(), "keys-signers-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text, { mode: 0o600 });
  return path;
};
// No devnet: DEVNET_FILE names nothing, so only configured keys count.
const settings = (extra: Record<string, string>) => parseEnv({ DEVNET_FILE: join(dir, "no-devnet.json"), ...extra });

let signer: HttpSigner;
beforeAll(async () => {
  signer = await startHttpSigner({ evmPrivateKey: evmKey, solanaSecretKey: solana.secretKey });
});
afterAll(() => signer.close());

describe("gas signers", () => {
  it("local signers sign for their key", async () => {
    const evm = localEvmSigner(evmKey);
    expect(await recoverAddress({ hash, signature: await evm.signHash(hash, "0x") })).toBe(evmAddress);
    const sol = localSolanaSigner(solana.secretKey);
    expect(sol.publicKey).toBe(solana.publicKey.toBase58());
    expect(isValidSignature(await sol.signMessage(message), message, solana.publicKey)).toBe(true);
  });

  it("the local EVM signer writes viem's signature byte for byte (same nonce, low s, v as 27 or 28)", async () => {
    for (let i = 0; i < 50; i++) {
      const key = generatePrivateKey();
      const digest = keccak256(toHex(`relay ${i}`));
      expect(await localEvmSigner(key).signHash(digest, "0x")).toBe(
        await privateKeyToAccount(key).sign({ hash: digest }),
      );
    }
  });

  it("a remote signer's signatures are used once they recover to the configured key", async () => {
    signer.mode = "honest";
    const options = { url: signer.url, token: signer.token, timeoutMs: 2000 };
    const evm = remoteEvmSigner(evmAddress, options);
    expect(await recoverAddress({ hash, signature: await evm.signHash(hash, "0x") })).toBe(evmAddress);
    const sol = remoteSolanaSigner(solana.publicKey.toBase58(), options);
    expect(isValidSignature(await sol.signMessage(message), message, solana.publicKey)).toBe(true);
  });

  it("refuses a remote signer's signature from another key, a wrong token and a signer that does not answer", async () => {
    const options = { url: signer.url, token: signer.token, timeoutMs: 2000 };
    signer.mode = "wrong";
    await expect(remoteEvmSigner(evmAddress, options).signHash(hash, "0x")).rejects.toThrow(SignerError);
    await expect(remoteEvmSigner(evmAddress, options).signHash(hash, "0x")).rejects.toThrow(/not EVM_RELAYER_ADDRESS/);
    await expect(remoteSolanaSigner(solana.publicKey.toBase58(), options).signMessage(message)).rejects.toThrow(
      /does not verify under SOLANA_FEE_PAYER_ADDRESS/,
    );
    signer.mode = "honest";
    await expect(remoteEvmSigner(evmAddress, { ...options, token: "nope" }).signHash(hash, "0x")).rejects.toThrow(
      "remote signer answered HTTP 401",
    );
    await expect(
      remoteEvmSigner(evmAddress, { ...options, url: "http://127.0.0.1:9/sign" }).signHash(hash, "0x"),
    ).rejects.toThrow(SignerError);
  });

  it("resolves each form from the settings, one per namespace", async () => {
    const fromKey = resolveGasSigners(
      settings({
        EVM_RELAYER_PRIVATE_KEY_FILE: file("relayer", evmKey),
        SOLANA_FEE_PAYER_SECRET_KEY: encodeBase58(solana.secretKey),
      }),
    );
    expect(fromKey.eip155?.address).toBe(evmAddress);
    expect(fromKey.solana?.publicKey).toBe(solana.publicKey.toBase58());

    const fast = { scrypt: { n: 1024, r: 8, p: 1 } };
    const fromKeystore = resolveGasSigners(
      settings({
        EVM_RELAYER_KEYSTORE_FILE: file(
          "evm.json",
          JSON.stringify(encryptKeystore(Buffer.from(evmKey.slice(2), "hex"), "pw", fast)),
        ),
        EVM_RELAYER_KEYSTORE_PASSPHRASE_FILE: file("evm.pass", "pw\n"),
        SOLANA_FEE_PAYER_KEYSTORE_FILE: file(
          "sol.json",
          JSON.stringify(encryptKeystore(solana.secretKey, "pw2", fast)),
        ),
        SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE_FILE: file("sol.pass", "pw2"),
      }),
    );
    expect(fromKeystore.eip155?.address).toBe(evmAddress);
    expect(fromKeystore.solana?.publicKey).toBe(solana.publicKey.toBase58());

    const remote = resolveGasSigners(
      settings({ EVM_RELAYER_SIGNER_URL: signer.url, EVM_RELAYER_ADDRESS: evmAddress.toLowerCase() }),
    );
    expect(remote.eip155?.address).toBe(evmAddress);
    expect(remote.solana).toBeUndefined();
  });

  it("stops on a configured key it cannot use rather than use another", () => {
    const keystore = file(
      "k.json",
      JSON.stringify(
        encryptKeystore(Buffer.from(evmKey.slice(2), "hex"), "right", { scrypt: { n: 1024, r: 8, p: 1 } }),
      ),
    );
    expect(() =>
      resolveGasSigners(settings({ EVM_RELAYER_KEYSTORE_FILE: keystore, EVM_RELAYER_KEYSTORE_PASSPHRASE: "wrong" })),
    ).toThrow(/EVM_RELAYER_KEYSTORE_FILE .* does not open with this passphrase/);
    expect(() => resolveGasSigners(settings({ EVM_RELAYER_KEYSTORE_FILE: keystore }))).toThrow(
      "EVM_RELAYER_KEYSTORE_FILE needs EVM_RELAYER_KEYSTORE_PASSPHRASE_FILE",
    );
    expect(() =>
      resolveGasSigners(settings({ EVM_RELAYER_PRIVATE_KEY: evmKey, EVM_RELAYER_KEYSTORE_FILE: keystore })),
    ).toThrow("EVM_RELAYER_PRIVATE_KEY and EVM_RELAYER_KEYSTORE_FILE are both set");
    expect(() => resolveGasSigners(settings({ SOLANA_FEE_PAYER_SIGNER_URL: signer.url }))).toThrow(
      "SOLANA_FEE_PAYER_SIGNER_URL needs SOLANA_FEE_PAYER_ADDRESS",
    );
    const halves = new Uint8Array(64);
    halves.set(solana.secretKey.subarray(0, 32));
    halves.set(Keypair.generate().publicKey.toBytes(), 32);
    expect(() => resolveGasSigners(settings({ SOLANA_FEE_PAYER_SECRET_KEY: encodeBase58(halves) }))).toThrow(
      "SOLANA_FEE_PAYER_SECRET_KEY is not a Solana key pair",
    );
  });
});
