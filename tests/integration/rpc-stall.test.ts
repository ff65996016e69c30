import { afterAll, describe, expect, it } from "vitest";
import { evmTokenBalance, solanaUsdcOf } from "../support/balances";
import { confirmAt, createPaymentAt, signWithDevnetBuyer, type Signed } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";
import { allAre, waitStatuses } from "../support/wait-statuses";

// The Solana RPC stops answering (accepts requests, never replies, as a hung node does) while
// more Solana payments are being settled than the watcher once had slots for all networks (32).
// EVM payments must settle as usual meanwhile, and the Solana ones once the node answers again,
// with no restart of the service.

let setup: ProxiedSetup | undefined;
afterAll(async () => {
  await setup?.close();
});

const SOLANA_PAYMENTS = 36;

type Health = {
  status: string;
  rpc: { network: string; endpoints: { host: string; state: string; lastError: string | null }[] }[];
};
const health = async (server: RunningServer) => (await (await fetch(`${server.url}/healthz`)).json()) as Health;

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);

/** Create, confirm and time one payment until the service says it succeeded. */
async function pay(
  server: RunningServer,
  { namespace, value, buyer }: { namespace: "eip155" | "solana"; value: string; buyer: number },
) {
  const id = await createPaymentAt(server, setup!.merchant, value);
  const signed = await signWithDevnetBuyer(server, { paymentId: id, namespace, symbol: "USDC", buyerIndex: buyer });
  const started = Date.now();
  expect((await confirmAt(server, signed))?.status).toBe(200);
  const statuses = await waitStatuses(setup!.db, { ids: [id], want: "succeeded", ms: 30_000 });
  return { statuses, ms: Date.now() - started, id };
}

describe("one network's RPC stalls", () => {
  it("EVM payments settle in their usual time; the Solana ones once the node answers again, without a restart", async () => {
    setup = await proxiedSetup("rpc_stall");
    const { solana, merchant } = setup;
    const server = await setup.start("a");
    const solBefore = await solanaUsdcOf(merchant.solanaAddress);
    const evmBefore = await evmTokenBalance("USDC", merchant.evmAddress);

    // The usual time of a payment here, with every node answering (and the service warmed up on both chains).
    const usual = await pay(server, { namespace: "eip155", value: "301", buyer: 0 });
    expect(usual.statuses).toEqual(allAre([usual.id], "succeeded"));
    const usualSol = await pay(server, { namespace: "solana", value: "301", buyer: 0 });
    expect(usualSol.statuses).toEqual(allAre([usualSol.id], "succeeded"));

    // Signed while the node answers (options, fetch), confirmed once it has stopped.
    const signed: Signed[] = await Promise.all(
      Array.from({ length: SOLANA_PAYMENTS }, async (_, i) =>
        signWithDevnetBuyer(server, {
          paymentId: await createPaymentAt(server, merchant, "100"),
          namespace: "solana",
          symbol: "USDC",
          buyerIndex: i % 3,
        }),
      ),
    );
    solana.stall();
    solana.resetCounts();
    // Within the timeout and a margin: a confirm that waited on the node for good would answer nothing.
    const confirms = await Promise.all(signed.map((s) => within(20_000, confirmAt(server, s))));
    // The simulation timed out (RPC_TIMEOUT_MS): each confirm answered, the payment processing, the send left to the watcher.
    expect(confirms.map((r) => r?.status)).toEqual(signed.map(() => 200));
    const solIds = signed.map((s) => s.paymentId);
    expect(await waitStatuses(setup.db, { ids: solIds, want: "processing", ms: 0 })).toEqual(
      allAre(solIds, "processing"),
    );

    // The watcher is now looking at every Solana payment (their status reads share calls), and each
    // look waits on the silent node.
    const stuckChecks = () => solana.items.get("getSignatureStatuses") ?? 0;
    const deadline = Date.now() + 40_000;
    while (stuckChecks() < 32 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stuckChecks()).toBeGreaterThanOrEqual(32);

    const during = await pay(server, { namespace: "eip155", value: "302", buyer: 1 });
    expect(during.statuses).toEqual(allAre([during.id], "succeeded"));
    expect(during.ms, `usual ${usual.ms} ms`).toBeLessThan(Math.max(5_000, usual.ms * 3));

    // /healthz names the silent endpoint (host only) and says the instance is degraded; EVM's is fine.
    const stalled = await health(server);
    expect(stalled.status).toBe("degraded");
    const solEntry = stalled.rpc.find((n) => n.network.startsWith("solana:"))!;
    expect(solEntry.endpoints).toEqual([
      expect.objectContaining({
        host: new URL(solana.url).host,
        state: "failing",
        lastError: expect.stringMatching(/no answer within/),
      }),
    ]);
    expect(stalled.rpc.find((n) => n.network.startsWith("eip155:"))!.endpoints[0]!.state).toBe("ok");

    // The node answers again: every Solana payment settles, once, on the service that never restarted.
    await solana.resume();
    expect(await waitStatuses(setup.db, { ids: solIds, want: "succeeded", ms: 60_000 })).toEqual(
      allAre(solIds, "succeeded"),
    );
    expect(await solanaUsdcOf(merchant.solanaAddress)).toBe(
      solBefore + 3_010_000n + BigInt(SOLANA_PAYMENTS) * 1_000_000n,
    );
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(evmBefore + 3_010_000n + 3_020_000n);
    expect((await health(server)).status).toBe("ok");
  }, 180_000);
});
