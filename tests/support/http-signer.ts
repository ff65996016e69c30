import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Keypair } from "@solana/web3.js";
import { sign as signEd25519, createPrivateKey } from "node:crypto";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/**
 * A remote signer for tests, as a KMS behind HTTP would be: it holds the gas keys (the devnet's) and signs
 * what the service POSTs (lib/chains/signers/remote-signers.ts), on loopback, behind a bearer token.
 * `mode = "wrong"` answers signatures from other keys, as a misconfigured or compromised signer would.
 * `hold()` keeps EVM requests waiting (as a slow KMS would) until `release()`; `waiting` counts them.
 */
export type HttpSigner = {
  url: string;
  token: string;
  mode: "honest" | "wrong";
  requests: { chain: string }[];
  waiting: number;
  hold: () => void;
  release: () => void;
  close: () => Promise<void>;
};

const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const ed25519Sign = (secretKey: Uint8Array, message: Buffer) =>
  signEd25519(
    null,
    message,
    createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, secretKey.subarray(0, 32)]),
      format: "der",
      type: "pkcs8",
    }),
  );

export async function startHttpSigner(keys: {
  evmPrivateKey?: Hex;
  solanaSecretKey?: Uint8Array;
}): Promise<HttpSigner> {
  const evm = keys.evmPrivateKey ? privateKeyToAccount(keys.evmPrivateKey) : undefined;
  const otherEvm = privateKeyToAccount(generatePrivateKey());
  const otherSolana = Keypair.generate().secretKey;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const state: HttpSigner = {
    url: "",
    token: `tok_${Math.random().toString(36).slice(2)}`,
    mode: "honest",
    requests: [],
    waiting: 0,
    hold: () => {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      void (async () => {
        if (req.headers.authorization !== `Bearer ${state.token}`) return answer(401, { error: "unauthorized" });
        const request = JSON.parse(body) as { chain: string; hash?: Hex; message?: string };
        state.requests.push({ chain: request.chain });
        if (request.chain === "evm" && evm && request.hash) {
          state.waiting++;
          await gate;
          state.waiting--;
          const account = state.mode === "wrong" ? otherEvm : evm;
          return answer(200, { signature: await account.sign({ hash: request.hash }) });
        }
        if (request.chain === "solana" && keys.solanaSecretKey && request.message) {
          const secret = state.mode === "wrong" ? otherSolana : keys.solanaSecretKey;
          const signature = ed25519Sign(secret, Buffer.from(request.message, "base64"));
          return answer(200, { signature: signature.toString("base64") });
        }
        answer(400, { error: "cannot sign that" });
      })();
    });
    function answer(status: number, json: object) {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sign`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
