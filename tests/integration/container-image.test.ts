import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { createTestClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { assembleImage, readRuntimeStage } from "../support/container-image";
import { ownScratchDatabaseUrl } from "../support/own-scratch-database";
import { confirmAt, finalStatusAt, signWithDevnetBuyer } from "../support/pay-steps";
import { freePort, ROOT } from "../support/server";
import { buildCliBundle } from "../support/run-cli";

// The container image, checked offline (no image can be pulled or built here): the Dockerfile's runtime stage
// is read and replayed: exactly the files its COPY lines take from the build go into an empty folder outside
// the repository (no node_modules above it, no tsx), and everything runs there as the image would, with the
// stage's ENV (NODE_ENV=production), its ENTRYPOINT, its HEALTHCHECK, and the secrets as files, as compose.yaml
// mounts them: the migrate service's command, the compiled CLI, then the server.

const run = promisify(execFile);
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
// What the image's PATH holds (Debian's default): nothing of this checkout's.
const IMAGE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

// The stage's USER: run as root here, the image's processes run as an unprivileged user instead (nobody,
// standing in for the image's `node`), who owns nothing under /app: the service must write nothing there.
// The secret files are that user's, as compose's APP_USER makes them. (Not root already: the files are ours.)
const AS_USER = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** A secret file as compose mounts it: the app's user's, mode 0600. */
function writeSecret(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
  if (AS_USER.uid !== undefined) chownSync(path, AS_USER.uid, AS_USER.gid);
}

let stage: ReturnType<typeof readRuntimeStage>;
let image: string; // the folder standing for the image's file system
let app: string; // its WORKDIR
let secrets: string; // what compose mounts at /run/secrets
let appEnv: Record<string, string>; // compose's app environment, /run/secrets mapped to `secrets`
let server: ChildProcess | undefined;
let merchant: { merchantId: string; apiKey: string };
// A relayer of the image's own: the suite's server sends from the devnet's, and two services on one key
// would race for its nonces.
const relayerKey = generatePrivateKey();
const relayerAddress = privateKeyToAccount(relayerKey).address;

/** A compose.yaml service's block (two-space indented under `services:`). */
function composeService(name: string): string {
  const text = readFileSync(join(ROOT, "compose.yaml"), "utf8");
  const start = text.search(new RegExp(`^  ${name}:\\s*$`, "m"));
  if (start < 0) throw new Error(`compose.yaml has no service ${name}`);
  const rest = text.slice(start + 1);
  const end = rest.search(/^( {2}[^ #\n]|[^ #\n])/m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** A service's settings that name a compose secret (`X_FILE: /run/secrets/x`), pointed at `secrets`. */
function secretSettings(service: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [, name, file] of composeService(service).matchAll(/^\s+([A-Z0-9_]+): \/run\/secrets\/(\S+)\s*$/gm))
    settings[name!] = join(secrets, file!);
  return settings;
}

/** `node …` of the image, with this machine's node binary standing for the image's. */
function imageCommand(args: string[]): [string, string[]] {
  expect(args[0]).toBe("node");
  return [process.execPath, args.slice(1)];
}

/** The environment a process of the image gets: the stage's ENV and what compose (or this test) sets. */
function imageEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string> = { PATH: IMAGE_PATH, HOME: join(image, "home"), ...stage.env, ...extra };
  return env as NodeJS.ProcessEnv;
}

async function runInImage(args: string[], env: Record<string, string>, input?: string) {
  const [file, argv] = imageCommand(args);
  const child = execFile(file, argv, { cwd: app, env: imageEnv(env), ...AS_USER });
  if (input !== undefined) child.stdin!.end(input);
  else child.stdin!.end();
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, stdout, stderr };
}

beforeAll(async () => {
  // The build stage runs `next build && node scripts/build-cli.mjs`; the suite has made the first already.
  expect(existsSync(join(ROOT, DIST_DIR, "standalone", "server.js")), "run `next build` first").toBe(true);
  buildCliBundle();

  stage = readRuntimeStage(join(ROOT, "Dockerfile"));
  image = mkdtempSync(join(tmpdir(), "container-image-"));
  // Nothing above the image may lend it modules: Node would resolve a package from any parent's node_modules.
  for (let dir = image; dir !== dirname(dir); dir = dirname(dir))
    expect(existsSync(join(dirname(dir), "node_modules")), `node_modules above ${image}`).toBe(false);
  app = assembleImage(stage, { into: image, buildRoot: ROOT, distDir: DIST_DIR });
  chmodSync(image, 0o755); // mkdtemp's is 0700: the image's root is everyone's to enter
  mkdirSync(join(image, "home"));
  secrets = join(image, "run", "secrets");
  mkdirSync(dirname(secrets), { mode: 0o755 });
  mkdirSync(secrets, { mode: 0o700 });
  if (AS_USER.uid !== undefined) {
    chownSync(join(image, "home"), AS_USER.uid, AS_USER.gid);
    // The CLI writes the keystores here.
    chownSync(secrets, AS_USER.uid, AS_USER.gid);
  }
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  if (image) rmSync(image, { recursive: true, force: true });
});

describe("the container image, replayed offline from the Dockerfile's runtime stage", () => {
  it("is a production image of the build's output, running as a user other than root, without tsx", () => {
    expect(stage.name).toBe("runtime");
    expect(stage.env.NODE_ENV).toBe("production");
    expect(stage.user).toBeTruthy();
    expect(stage.user).not.toMatch(/^(root|0)(:|$)/);
    expect(stage.entrypoint).toEqual(["node", "--max-semi-space-size=32", "scripts/serve.mjs"]);
    expect(stage.healthcheck?.join(" ")).toMatch(/\/(readyz|livez)/);
    for (const dev of ["tsx", "typescript", "esbuild", "vitest"])
      expect(existsSync(join(app, "node_modules", dev)), dev).toBe(false);
    for (const file of [
      "scripts/serve.mjs",
      "scripts/cli.mjs",
      "scripts/migrate.mjs",
      "db/migrations/meta/_journal.json",
    ])
      expect(existsSync(join(app, file)), file).toBe(true);
  });

  it("compose's migrate service migrates a fresh database with the compiled migrator", async () => {
    const databaseUrl = await ownScratchDatabaseUrl("container_image");
    writeSecret(join(secrets, "database_url"), `${databaseUrl}\n`);
    const migrate = composeService("migrate");
    const entrypoint = JSON.parse(/^\s+entrypoint:\s*(\[.*\])\s*$/m.exec(migrate)![1]!) as string[];
    expect(entrypoint).toEqual(["node", "scripts/migrate.mjs"]);
    expect(secretSettings("migrate")).toEqual({ DATABASE_URL_FILE: join(secrets, "database_url") });
    const out = await runInImage(entrypoint, secretSettings("migrate"));
    expect(out.stderr).not.toContain("migration failed");
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^migrations applied to postgres:\/\//);
  });

  it("the compiled CLI makes the gas keys' keystores and a merchant", async () => {
    const { evm, solana } = inject("devnet");
    // The secrets compose.yaml's app service reads, each through a *_FILE setting.
    appEnv = secretSettings("app");
    expect(Object.keys(appEnv).sort()).toEqual(
      [
        "DATABASE_URL_FILE",
        "EVM_RELAYER_KEYSTORE_FILE",
        "EVM_RELAYER_KEYSTORE_PASSPHRASE_FILE",
        "NETWORKS_FILE",
        "SECRETS_KEY_FILE",
        "SOLANA_FEE_PAYER_KEYSTORE_FILE",
        "SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE_FILE",
      ].sort(),
    );
    writeSecret(appEnv.SECRETS_KEY_FILE!, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64"));
    writeSecret(appEnv.EVM_RELAYER_KEYSTORE_PASSPHRASE_FILE!, "relayer passphrase in a file\n");
    writeSecret(appEnv.SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE_FILE!, "fee payer passphrase in a file\n");
    // The devnet's keys, as an operator's own keys would go in (on stdin, never in argv).
    const relayer = await runInImage(
      [
        "node",
        "scripts/cli.mjs",
        "keystore",
        "create",
        "--chain",
        "evm",
        "--out",
        appEnv.EVM_RELAYER_KEYSTORE_FILE!,
        "--passphrase-file",
        appEnv.EVM_RELAYER_KEYSTORE_PASSPHRASE_FILE!,
      ],
      {},
      relayerKey,
    );
    expect(relayer.stderr).not.toContain("error");
    expect(relayer.code).toBe(0);
    expect(relayer.stdout.trim().toLowerCase()).toBe(relayerAddress.toLowerCase());
    await createTestClient({ mode: "anvil", transport: http(evm.rpcUrl) }).setBalance({
      address: relayerAddress,
      value: parseEther("10"),
    });
    const feePayer = await runInImage(
      [
        "node",
        "scripts/cli.mjs",
        "keystore",
        "create",
        "--chain",
        "solana",
        "--out",
        appEnv.SOLANA_FEE_PAYER_KEYSTORE_FILE!,
        "--passphrase-file",
        appEnv.SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE_FILE!,
      ],
      {},
      solana.feePayer.secretKey,
    );
    expect(feePayer.stderr).not.toContain("error");
    expect(feePayer.code).toBe(0);
    expect(feePayer.stdout.trim()).toBe(solana.feePayer.publicKey);
    writeSecret(
      appEnv.NETWORKS_FILE!,
      JSON.stringify({
        networks: [
          {
            chainId: evm.chainId,
            name: "Anvil",
            rpcUrl: evm.rpcUrl,
            tokens: [
              {
                caip19: `${evm.chainId}/erc20:${evm.tokens[0]!.address}`,
                symbol: "USDC",
                name: "USD Coin",
                decimals: 6,
                eip3009: true,
                peggedTo: "USD",
              },
            ],
          },
          {
            chainId: solana.chainId,
            name: "Solana",
            rpcUrl: solana.rpcUrl,
            tokens: [
              {
                caip19: `${solana.chainId}/token:${solana.tokens[0]!.mint}`,
                symbol: "USDC",
                name: "USD Coin",
                decimals: 6,
                peggedTo: "USD",
              },
            ],
          },
        ],
      }),
    );

    const created = await runInImage(
      [
        "node",
        "scripts/cli.mjs",
        "merchant",
        "create",
        "--name",
        "Container shop",
        "--evm-address",
        evm.merchant.address,
        "--solana-address",
        solana.merchant.publicKey,
        "--json",
      ],
      // As `docker compose exec app node scripts/cli.mjs …` runs it: with the app's settings.
      appEnv,
    );
    expect(created.code).toBe(0);
    merchant = JSON.parse(created.stdout) as typeof merchant;
    expect(merchant.merchantId).toMatch(/^mer_/);
  });

  it("the entrypoint serves: /readyz 200, the HEALTHCHECK passes, a payment is made with the CLI's key, SIGTERM exits 0", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const [file, args] = imageCommand([...stage.entrypoint, ...stage.cmd]);
    // A public (non-loopback) PUBLIC_BASE_URL, as in a deployment: SECRETS_KEY is then required.
    const env = imageEnv({
      ...appEnv,
      PORT: String(port),
      PUBLIC_BASE_URL: "https://pay.example.test",
      TRUST_PROXY_HOPS: "1",
    });
    server = spawn(file, args, { cwd: app, env, stdio: ["ignore", "pipe", "pipe"], ...AS_USER });
    let output = "";
    server.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    server.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => server!.once("exit", resolve));

    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      const ready = await fetch(`${url}/readyz`).catch(() => undefined);
      if (ready?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`not ready after 90 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(output).not.toContain("did not start");

    const [checkFile, checkArgs] = imageCommand(stage.healthcheck!);
    const check = await run(checkFile, checkArgs, { cwd: app, env: imageEnv({ PORT: String(port) }), ...AS_USER }).then(
      () => 0,
      (err: { code: number }) => err.code,
    );
    expect(check).toBe(0);

    // The keystores were unlocked: /healthz lists both gas keys on the networks of NETWORKS_FILE.
    const { evm, solana } = inject("devnet");
    const health = (await (await fetch(`${url}/healthz`)).json()) as { gas: { network: string; address: string }[] };
    expect(health.gas.map((g) => [g.network, g.address.toLowerCase()]).sort()).toEqual(
      [
        [evm.chainId, relayerAddress.toLowerCase()],
        [solana.chainId, solana.feePayer.publicKey.toLowerCase()],
      ].sort(),
    );

    const created = await fetch(`${url}/v1/merchant/payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "api-key": merchant.apiKey, "merchant-id": merchant.merchantId },
      body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "container-order-1" }),
    });
    expect(created.status).toBe(201);
    const payment = (await created.json()) as { paymentId: string; gatewayUrl: string };
    expect(payment.gatewayUrl.startsWith("https://pay.example.test/")).toBe(true);

    // The checkout page renders and its scripts (.next/static) and icons (public/) are in the image.
    const link = new URL(payment.gatewayUrl);
    const page = await fetch(`${url}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    expect((await fetch(`${url}${script}`)).status).toBe(200);
    expect((await fetch(`${url}/icons/usdc.svg`)).status).toBe(200);

    // A buyer pays it with an EIP-3009 signature: the image's server recovers it (tiny-secp256k1's
    // WebAssembly, loaded from the traced node_modules), relays it from its own key, and it settles.
    const signed = await signWithDevnetBuyer(
      { url },
      { paymentId: payment.paymentId, namespace: "eip155", symbol: "USDC", buyerIndex: 2 },
    );
    const confirmed = await confirmAt({ url }, signed);
    expect(confirmed?.status).toBe(200);
    expect(await finalStatusAt({ url }, payment.paymentId)).toBe("succeeded");

    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    // Nothing it did wanted to write under /app, which its user does not own.
    expect(output).not.toMatch(/EACCES|EPERM|EROFS/);
  }, 150_000);
});
