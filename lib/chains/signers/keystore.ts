import {
  createCipheriv,
  createDecipheriv,
  pbkdf2Sync,
  randomBytes,
  randomUUID,
  scryptSync,
  timingSafeEqual,
} from "node:crypto";
import { scrypt as scryptJs } from "@noble/hashes/scrypt.js";
import { keccak256 } from "viem";
import { z } from "zod";

/**
 * The Ethereum JSON keystore, version 3 (the Web3 Secret Storage Definition, what geth, ethers and
 * MetaMask write): the key is encrypted with AES-128-CTR under the first half of a key derived from the
 * passphrase by scrypt (or PBKDF2-HMAC-SHA256), and the second half authenticates it by
 * MAC = keccak256(derived[16..32] ‖ ciphertext). The Solana fee payer uses the same scheme over its
 * 64-byte secret key. The primitives are Node's (OpenSSL; @noble/hashes for scrypt parameters OpenSSL
 * refuses) and viem's keccak256; only the format is here, tested against the specification's vectors.
 */
const hex = (bytes?: number) =>
  z
    .string()
    .regex(/^(0x)?([0-9a-fA-F]{2})*$/)
    .transform((s) => Buffer.from(s.replace(/^0x/, ""), "hex"))
    .refine((b) => bytes === undefined || b.length === bytes, `must be ${bytes} bytes`);

const cryptoSchema = z.object({
  cipher: z.literal("aes-128-ctr"),
  cipherparams: z.object({ iv: hex(16) }),
  ciphertext: hex(),
  mac: hex(32),
  kdf: z.enum(["scrypt", "pbkdf2"]),
  kdfparams: z.union([
    z.object({
      dklen: z.number().int().min(32).max(64),
      n: z.number().int().min(2),
      r: z.number().int().min(1),
      p: z.number().int().min(1),
      salt: hex(),
    }),
    z.object({
      dklen: z.number().int().min(32).max(64),
      c: z.number().int().min(1),
      prf: z.literal("hmac-sha256"),
      salt: hex(),
    }),
  ]),
});

// Some writers spell it "Crypto" (older geth).
const keystoreSchema = z.union([
  z.object({ version: z.literal(3), crypto: cryptoSchema, address: z.string().optional() }),
  z
    .object({ version: z.literal(3), Crypto: cryptoSchema, address: z.string().optional() })
    .transform((k) => ({ version: k.version, crypto: k.Crypto, address: k.address })),
]);

export type Keystore = {
  version: 3;
  id: string;
  address?: string;
  crypto: {
    cipher: "aes-128-ctr";
    cipherparams: { iv: string };
    ciphertext: string;
    kdf: "scrypt";
    kdfparams: { dklen: 32; n: number; r: number; p: number; salt: string };
    mac: string;
  };
};

/** The keystore could not be read or opened: malformed, another scheme, or the wrong passphrase. */
export class KeystoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeystoreError";
  }
}

// geth's "standard" scrypt parameters: 256 MiB and about a second per unlock.
const STANDARD_SCRYPT = { n: 262_144, r: 8, p: 1 };

function derive(passphrase: string, params: z.infer<typeof cryptoSchema>["kdfparams"]): Buffer {
  if ("n" in params) {
    if ((params.n & (params.n - 1)) !== 0) throw new KeystoreError("scrypt n must be a power of two");
    const { n: N, r, p, dklen } = params;
    const maxmem = 128 * N * r * 2 + 64 * 1024 * 1024;
    // OpenSSL (fast, native) refuses N >= 2^(16r), e.g. r = 1 with geth's N; @noble/hashes takes any.
    if (N < 2 ** (16 * r)) return scryptSync(passphrase, params.salt, dklen, { N, r, p, maxmem });
    return Buffer.from(scryptJs(passphrase, params.salt, { N, r, p, dkLen: dklen, maxmem }));
  }
  return pbkdf2Sync(passphrase, params.salt, params.c, params.dklen, "sha256");
}

function macOf(derived: Buffer, ciphertext: Buffer): Buffer {
  return Buffer.from(keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])).slice(2), "hex");
}

/** The secret a v3 keystore holds, once its MAC proves the passphrase right; `address` as the file says it. */
export function decryptKeystore(json: string, passphrase: string): { secret: Uint8Array; address?: string } {
  let parsed;
  try {
    parsed = keystoreSchema.safeParse(JSON.parse(json));
  } catch {
    throw new KeystoreError("is not JSON");
  }
  if (!parsed.success) throw new KeystoreError("is not a version 3 keystore with scrypt or pbkdf2 and aes-128-ctr");
  const { crypto, address } = parsed.data;
  const derived = derive(passphrase, crypto.kdfparams);
  if (!timingSafeEqual(macOf(derived, crypto.ciphertext), crypto.mac))
    throw new KeystoreError("does not open with this passphrase (MAC mismatch)");
  const decipher = createDecipheriv("aes-128-ctr", derived.subarray(0, 16), crypto.cipherparams.iv);
  const secret = Buffer.concat([decipher.update(crypto.ciphertext), decipher.final()]);
  return { secret: new Uint8Array(secret), address };
}

/** A v3 keystore of `secret` under `passphrase` (fresh salt and IV; scrypt at geth's standard cost unless `scrypt` says less). */
export function encryptKeystore(
  secret: Uint8Array,
  passphrase: string,
  options: { address?: string; scrypt?: { n: number; r: number; p: number } } = {},
): Keystore {
  const { n, r, p } = options.scrypt ?? STANDARD_SCRYPT;
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const derived = derive(passphrase, { dklen: 32, n, r, p, salt });
  const cipher = createCipheriv("aes-128-ctr", derived.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return {
    version: 3,
    id: randomUUID(),
    ...(options.address ? { address: options.address } : {}),
    crypto: {
      cipher: "aes-128-ctr",
      cipherparams: { iv: iv.toString("hex") },
      ciphertext: ciphertext.toString("hex"),
      kdf: "scrypt",
      kdfparams: { dklen: 32, n, r, p, salt: salt.toString("hex") },
      mac: macOf(derived, ciphertext).toString("hex"),
    },
  };
}
