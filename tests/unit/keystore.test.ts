import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { decryptKeystore, encryptKeystore } from "@/lib/chains/signers/keystore";

// The test vectors of the Web3 Secret Storage Definition (ethereum.org / the Ethereum wiki), which
// geth, ethers and web3.js are tested against: passphrase "testpassword", the same private key under
// PBKDF2 and under scrypt.
const PRIVATE_KEY = "7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d";
const PBKDF2_VECTOR = {
  crypto: {
    cipher: "aes-128-ctr",
    cipherparams: { iv: "6087dab2f9fdbbfaddc31a909735c1e6" },
    ciphertext: "5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46",
    kdf: "pbkdf2",
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: "hmac-sha256",
      salt: "ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd",
    },
    mac: "517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2",
  },
  id: "3198bc9c-6672-5ab3-d995-4942343ae5b6",
  version: 3,
};
const SCRYPT_VECTOR = {
  crypto: {
    cipher: "aes-128-ctr",
    cipherparams: { iv: "83dbcc02d8ccb40e466191a123791e0e" },
    ciphertext: "d172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c",
    kdf: "scrypt",
    kdfparams: {
      dklen: 32,
      n: 262144,
      p: 8,
      r: 1,
      salt: "ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19",
    },
    mac: "2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097",
  },
  id: "3198bc9c-6672-5ab3-d995-4942343ae5b6",
  version: 3,
};
const FAST = { n: 1024, r: 8, p: 1 };
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("Ethereum keystore v3", () => {
  it("opens the specification's PBKDF2 and scrypt test vectors", () => {
    expect(hex(decryptKeystore(JSON.stringify(PBKDF2_VECTOR), "testpassword").secret)).toBe(PRIVATE_KEY);
    expect(hex(decryptKeystore(JSON.stringify(SCRYPT_VECTOR), "testpassword").secret)).toBe(PRIVATE_KEY);
  }, 30_000);

  it("refuses a wrong passphrase and an altered file by the MAC", () => {
    expect(() => decryptKeystore(JSON.stringify(PBKDF2_VECTOR), "testpassword!")).toThrow("MAC mismatch");
    const altered = structuredClone(PBKDF2_VECTOR);
    altered.crypto.ciphertext = `6${altered.crypto.ciphertext.slice(1)}`;
    expect(() => decryptKeystore(JSON.stringify(altered), "testpassword")).toThrow("MAC mismatch");
    expect(() => decryptKeystore("{}", "x")).toThrow("not a version 3 keystore");
  }, 30_000);

  it("writes what it reads: an EVM key and a 64-byte Solana secret key, fresh salt and IV each time", () => {
    const evm = Buffer.from(PRIVATE_KEY, "hex");
    const a = encryptKeystore(evm, "pass", { scrypt: FAST });
    const b = encryptKeystore(evm, "pass", { scrypt: FAST });
    expect(a.crypto.ciphertext).not.toBe(b.crypto.ciphertext);
    expect(hex(decryptKeystore(JSON.stringify(a), "pass").secret)).toBe(PRIVATE_KEY);
    const solana = Keypair.generate();
    const stored = encryptKeystore(solana.secretKey, "pass", { scrypt: FAST, address: solana.publicKey.toBase58() });
    const opened = decryptKeystore(JSON.stringify(stored), "pass");
    expect(hex(opened.secret)).toBe(hex(solana.secretKey));
    expect(opened.address).toBe(solana.publicKey.toBase58());
  });
});
