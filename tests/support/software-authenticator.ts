import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

// A passkey authenticator in software, for tests over HTTP: an ES256 key made here, the
// authenticator data, client data and "none" attestation a browser and its authenticator would
// send, and real signatures that the real server verifies. No WebAuthn library is used on this side,
// so the server's checks are tested against bytes made independently of them.

type Json = Record<string, unknown>;
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Just enough CBOR (RFC 8949) for attestation "none" and a COSE key: ints, byte and text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer<ArrayBufferLike> {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v as never));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01; // user present
const FLAG_UV = 0x04; // user verified
const FLAG_AT = 0x40; // attested credential data follows

export type RegistrationOptions = { challenge: string; rp: { id: string }; user: { id: string } };
export type AuthenticationOptions = { challenge: string; rpId?: string };

/** One credential of a software authenticator; `counter` is its signature counter (settable, to play a clone). */
export class SoftwarePasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle = "";
  rpId = "";

  constructor(
    readonly origin: string,
    private readonly userVerified = true,
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(extra = 0) {
    return FLAG_UP | (this.userVerified ? FLAG_UV : 0) | extra;
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): the RegistrationResponseJSON for these options. */
  create(options: RegistrationOptions, origin = this.origin): Json {
    this.rpId = options.rp.id;
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: "jwk" });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      counter,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): the AuthenticationResponseJSON for these options, the counter raised first. */
  get(options: AuthenticationOptions, opts: { origin?: string; counter?: number } = {}): Json {
    this.counter = opts.counter ?? this.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(options.rpId ?? this.rpId), Buffer.from([this.flags()]), counter]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, opts.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
