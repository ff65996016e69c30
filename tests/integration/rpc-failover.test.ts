import { afterAll, describe, expect, it } from "vitest";
import { evmTokenBalance, solanaUsdcOf } from "../support/balances";
import { confirmAt, createPaymentAt, signWithDevnetBuyer } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";
import { allAre, waitStatuses } from "../support/wait-statuses";

// Each network lists two RPC endpoints (proxies in front of the same local chain), their URLs
// carrying a provider key. The first refuses connections, then accepts and never answers: payments
// settle through the second all the while, and /healthz shows which endpoint fails without the key.

let setup: ProxiedSetup | undefined;
afterAll(async () => {
  await setup?.close();
});

const KEY = "sk_live_provider_key_0123";
const TIMEOUT_MS = 3_000;

type Endpoint = {
  host: string;
  state: string;
  latencyMs: number | null;
  lastError: string | null;
  failingSince: string | null;
};
type Health = { status: string; rpc: { network: string; endpoints: Endpoint[] }[] };

async function healthUntil(
  server: RunningServer,
  done: (h: Health) => boolean,
): Promise<{ body: Health; text: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = await (await fetch(`${server.url}/healthz`)).text();
    const body = JSON.parse(text) as Health;
    if (done(body)) return { body, text };
    if (Date.now() > deadline) throw new Error(`/healthz never got there: ${text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const endpointsOf = (h: Health, namespace: string) =>
  h.rpc.find((n) => n.network.startsWith(`${namespace}:`))!.endpoints;
const firstFails = (pattern: RegExp) => (h: Health) =>
  ["eip155", "solana"].every((ns) => {
    const [a, b] = endpointsOf(h, ns);
    return a?.state === "failing" && pattern.test(a.lastError ?? "") && b?.state === "ok";
  });

/** One payment on each chain, confirmed at once; resolves when both succeeded, with how long that took from confirm. */
async function payBoth(server: RunningServer, value: string) {
  const { merchant } = setup!;
  const [evm, sol] = await Promise.all([
    createPaymentAt(server, merchant, value).then((id) =>
      signWithDevnetBuyer(server, { paymentId: id, namespace: "eip155", symbol: "USDC", buyerIndex: 2 }),
    ),
    createPaymentAt(server, merchant, value).then((id) =>
      signWithDevnetBuyer(server, { paymentId: id, namespace: "solana", symbol: "USDC", buyerIndex: 2 }),
    ),
  ]);
  const started = Date.now();
  const answers = await Promise.all([confirmAt(server, evm), confirmAt(server, sol)]);
  expect(answers.map((r) => r?.status)).toEqual([200, 200]);
  const ids = [evm.paymentId, sol.paymentId];
  expect(await waitStatuses(setup!.db, { ids, want: "succeeded", ms: 45_000 })).toEqual(allAre(ids, "succeeded"));
  return Date.now() - started;
}

describe("a network with two RPC endpoints", () => {
  it("settles through the second while the first refuses connections, then hangs; /healthz names the failing one without its key", async () => {
    setup = await proxiedSetup("rpc_failover", { endpoints: 2, urlSuffix: `/v2/${KEY}?apikey=${KEY}` });
    const [evmA, evmB] = setup.evmEndpoints as [typeof setup.evm, typeof setup.evm];
    const [solA, solB] = setup.solanaEndpoints as [typeof setup.solana, typeof setup.solana];
    const { merchant } = setup;
    const solBefore = await solanaUsdcOf(merchant.solanaAddress);
    const evmBefore = await evmTokenBalance("USDC", merchant.evmAddress);

    // The first endpoint of each chain is down from the start.
    await Promise.all([evmA.refuse(), solA.refuse()]);
    const server = await setup.start("a", { RPC_TIMEOUT_MS: String(TIMEOUT_MS) });
    await payBoth(server, "401");
    expect(evmB.counts.get("eth_sendRawTransaction")).toBeGreaterThanOrEqual(1);
    expect(solB.counts.get("sendTransaction")).toBeGreaterThanOrEqual(1);

    const refused = await healthUntil(server, firstFails(/ECONNREFUSED/));
    // One endpoint of each network still answers: nothing is unreachable.
    expect(refused.body.status).toBe("ok");
    for (const ns of ["eip155", "solana"]) {
      const [a, b] = endpointsOf(refused.body, ns);
      const proxies = ns === "eip155" ? [evmA, evmB] : [solA, solB];
      expect(a).toMatchObject({ host: new URL(proxies[0]!.url).host, lastError: "connection failed (ECONNREFUSED)" });
      expect(Date.parse(a!.failingSince!)).toBeGreaterThan(Date.now() - 120_000);
      expect(b).toMatchObject({ host: new URL(proxies[1]!.url).host, state: "ok", lastError: null });
      expect(b!.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(refused.text).not.toContain(KEY);

    // It comes back, but hangs: accepts every call and answers none.
    await Promise.all([evmA.resume(), solA.resume()]);
    evmA.stall();
    solA.stall();
    const sendsBefore = [evmB.counts.get("eth_sendRawTransaction")!, solB.counts.get("sendTransaction")!];
    await payBoth(server, "402");
    expect(evmB.counts.get("eth_sendRawTransaction")).toBeGreaterThan(sendsBefore[0]!);
    expect(solB.counts.get("sendTransaction")).toBeGreaterThan(sendsBefore[1]!);

    // Once the ranking has seen the first hang, calls go to the second first: no payment waits on
    // the silent one any more (every call would cost TIMEOUT_MS, a payment makes several in a row).
    const hung = await healthUntil(server, firstFails(/no answer within/));
    expect(hung.body.status).toBe("ok");
    expect(hung.text).not.toContain(KEY);
    const ranked = await payBoth(server, "403");
    expect(ranked).toBeLessThan(TIMEOUT_MS + 2_000);

    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(evmBefore + 12_060_000n);
    expect(await solanaUsdcOf(merchant.solanaAddress)).toBe(solBefore + 12_060_000n);
  }, 180_000);
});
