import { readFileSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import { join } from "node:path";
import { createTestClient, http, parseEther, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, inject, it } from "vitest";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { ARTIFACTS, devnetFileOf, freePort, startServer, type RunningServer } from "../support/server";

const DEVNET_FILE = devnetFileOf("test");
const started: RunningServer[] = [];
const listening: { close(done: () => void): void }[] = [];
const hangingSockets: Socket[] = [];

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  for (const socket of hangingSockets) socket.destroy();
  await Promise.all(listening.map((s) => new Promise<void>((r) => s.close(() => r()))));
});

type GasEntry = {
  network: string;
  name: string;
  address: string;
  balance: string | null;
  baseUnits: string | null;
  symbol: string;
  warnBelow: string;
  status: string;
  checkedAt: string | null;
};
type Health = { status: string; database: string; gas: GasEntry[] };

/** A gas server: its own database (its jobs must not touch the main server's payments), the test devnet, a fast gas check. */
async function gasServer(name: string, env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(
    { DATABASE_URL: await scratchDatabaseUrl(name), DEVNET_FILE, EXPIRY_JOB_INTERVAL_MS: "0", ...env },
    name,
  );
  started.push(server);
  return server;
}

const seen: { status: number; ms: number }[] = [];

async function health(server: RunningServer): Promise<Health> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/healthz`);
  seen.push({ status: res.status, ms: performance.now() - t0 });
  return (await res.json()) as Health;
}

/** Poll /healthz until `done` holds for it; returns that body. */
async function healthUntil(server: RunningServer, done: (h: Health) => boolean, ms = 20_000): Promise<Health> {
  const deadline = Date.now() + ms;
  for (;;) {
    const body = await health(server);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`/healthz never got there; last: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function gasLines(logFile: string, network: string) {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => l.includes('"job":"gas"'))
    .map(
      (l) => JSON.parse(l) as { level: number; msg: string; network: string; address: string; balance: string | null },
    )
    .filter((l) => l.network === network);
}

describe("gas balances on /healthz", () => {
  it("a relayer under GAS_BALANCE_WARN makes /healthz degraded (200) and logs a warn; back above, ok and an info", async () => {
    const { evm, solana } = inject("devnet");
    // A relayer of this test's own: the devnet's shared relayer keeps its balance for the other tests.
    const privateKey = generatePrivateKey();
    const relayer = privateKeyToAccount(privateKey).address;
    const anvil = createTestClient({ mode: "anvil", transport: http(evm.rpcUrl) });
    const setBalance = (value: bigint) => anvil.setBalance({ address: relayer as Address, value });
    await setBalance(parseEther("0.1"));

    const server = await gasServer("payments_gas_health", {
      EVM_RELAYER_PRIVATE_KEY: privateKey,
      GAS_BALANCE_WARN: "0.25",
      GAS_CHECK_INTERVAL_MS: "1000",
    });
    const evmOf = (h: Health) => h.gas.find((g) => g.network === evm.chainId);

    const low = await healthUntil(server, (h) => evmOf(h)?.status !== undefined && evmOf(h)?.status !== "unknown");
    expect(low).toMatchObject({ status: "degraded", database: "ok" });
    expect(evmOf(low)).toMatchObject({
      name: "Local EVM (anvil)",
      address: relayer,
      balance: "0.1",
      baseUnits: "100000000000000000",
      symbol: "ETH",
      warnBelow: "0.25",
      status: "low",
    });

    // The Solana entry: the devnet's fee payer, funded, well above 0.25 SOL.
    const sol = low.gas.find((g) => g.network === solana.chainId)!;
    expect(sol).toMatchObject({
      name: "Local Solana (LiteSVM)",
      address: solana.feePayer.publicKey,
      symbol: "SOL",
      warnBelow: "0.25",
      status: "ok",
    });
    expect(BigInt(sol.baseUnits!)).toBeGreaterThan(250_000_000n);
    expect(sol.balance).toBe(formatLamports(BigInt(sol.baseUnits!)));
    expect(low.gas).toHaveLength(2);
    expect(Date.parse(evmOf(low)!.checkedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Exactly on the line is not under it.
    await setBalance(parseEther("0.25"));
    const onLine = await healthUntil(server, (h) => evmOf(h)?.status !== "low");
    expect(onLine).toMatchObject({ status: "ok", database: "ok" });
    expect(evmOf(onLine)).toMatchObject({ balance: "0.25", baseUnits: "250000000000000000", status: "ok" });

    // One wei under it is.
    await setBalance(parseEther("0.25") - 1n);
    const justUnder = await healthUntil(server, (h) => evmOf(h)?.status !== "ok");
    expect(justUnder.status).toBe("degraded");
    expect(evmOf(justUnder)).toMatchObject({ balance: "0.249999999999999999", status: "low" });

    await setBalance(parseEther("3"));
    const recovered = await healthUntil(server, (h) => evmOf(h)?.status !== "low");
    expect(recovered.status).toBe("ok");
    expect(evmOf(recovered)).toMatchObject({ balance: "3", status: "ok" });

    // 200 all the while: low gas degrades, it does not take the instance out of the load balancer.
    expect(seen.map((s) => s.status).filter((s) => s !== 200)).toEqual([]);

    // One line per crossing, in order: the readings in between (there were many) said nothing.
    await new Promise((r) => setTimeout(r, 300));
    const lines = gasLines(server.logFile, evm.chainId);
    expect(lines.map((l) => [l.level, l.msg, l.balance])).toEqual([
      [40, "gas balance low", "0.1"],
      [30, "gas balance recovered", "0.25"],
      [40, "gas balance low", "0.249999999999999999"],
      [30, "gas balance recovered", "3"],
    ]);
    for (const line of lines) expect(line.address).toBe(relayer);
    expect(gasLines(server.logFile, solana.chainId)).toEqual([]);
    expect(readFileSync(server.logFile, "utf8")).not.toContain(privateKey.slice(2));
  });

  it("serves a snapshot: a chain that does not answer is unknown, /healthz stays quick, and it never reads the chains itself", async () => {
    const { evm } = inject("devnet");
    // In front of anvil: counts eth_getBalance calls.
    let getBalanceCalls = 0;
    const proxy = createHttpServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString("utf8");
      if (body.includes('"eth_getBalance"')) getBalanceCalls++;
      const upstream = await fetch(evm.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
    });
    const proxyPort = await freePort();
    await new Promise<void>((r) => proxy.listen(proxyPort, "127.0.0.1", r));
    listening.push(proxy);
    // A node that accepts connections and never answers.
    const silent = createTcpServer((socket) => hangingSockets.push(socket));
    const silentPort = await freePort();
    await new Promise<void>((r) => silent.listen(silentPort, "127.0.0.1", r));
    listening.push(silent);

    const token = evm.tokens.find((t) => t.symbol === "USDC")!;
    const network = (chainId: string, name: string, rpcUrl: string) => ({
      chainId,
      name,
      rpcUrl,
      tokens: [
        {
          caip19: `${chainId}/erc20:${token.address}`,
          symbol: "USDC",
          name: "USD Coin",
          decimals: 6,
          eip3009: true,
          peggedTo: "USD",
        },
      ],
    });
    const file = join(ARTIFACTS, `gas-networks-${proxyPort}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        networks: [
          network(evm.chainId, "Counted", `http://127.0.0.1:${proxyPort}`),
          { ...network("eip155:999", "Silent", `http://127.0.0.1:${silentPort}`), gasBalanceWarn: "0.5" },
        ],
      }),
    );

    // One gas check at start and then not for an hour: whatever /healthz shows comes from that one.
    const server = await gasServer("payments_gas_snapshot", { NETWORKS_FILE: file, GAS_CHECK_INTERVAL_MS: "3600000" });
    seen.length = 0;
    const settled = await healthUntil(server, (h) => h.gas.find((g) => g.name === "Counted")?.status === "ok");
    const silentEntry = settled.gas.find((g) => g.name === "Silent")!;
    expect(silentEntry).toMatchObject({
      network: "eip155:999",
      address: evm.relayer.address,
      balance: null,
      baseUnits: null,
      symbol: "ETH",
      warnBelow: "0.5",
      status: "unknown",
    });
    expect(settled.status).toBe("degraded");
    // The silent node held every read for its whole timeout (5 s); /healthz never waited that long.
    expect(seen.every((s) => s.status === 200)).toBe(true);
    expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(4_000);

    const callsBefore = getBalanceCalls;
    expect(callsBefore).toBe(1);
    for (let i = 0; i < 10; i++) expect((await health(server)).status).toBe("degraded");
    expect(getBalanceCalls).toBe(callsBefore);

    await new Promise((r) => setTimeout(r, 300));
    expect(gasLines(server.logFile, "eip155:999").map((l) => [l.level, l.msg])).toEqual([
      [40, "gas balance unreadable"],
    ]);
  });
});

function formatLamports(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n;
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
