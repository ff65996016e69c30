import { inArray } from "drizzle-orm";
import { createPublicClient, http } from "viem";
import { afterAll, describe, expect, inject, it } from "vitest";
import { payments, paymentSubmissions } from "@/db/schema";
import { evmTokenBalance } from "../support/balances";
import { confirmAt, createPaymentAt, signWithDevnetBuyer, type Signed } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";

// A setup still running when the next starts would hold its instances' connections too: with five
// servers' pools at once a shared PostgreSQL (max_connections 100) refuses clients. Each closes when done.
let open: ProxiedSetup | undefined;
afterAll(async () => {
  await open?.close();
});

const PAYMENTS = 100;

async function waitFinal(setup: ProxiedSetup, ids: string[], ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await setup.db.select({ status: payments.status }).from(payments).where(inArray(payments.id, ids));
    if (rows.every((r) => r.status === "succeeded" || r.status === "failed") || Date.now() > deadline) {
      return rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * 100 EIP-3009 payments confirmed at once, spread over `count` instances on one database that
 * share one relayer key: every relay gets its own nonce from PostgreSQL, so all succeed, the
 * nonces are 0..99 with none reused, and the chain agrees.
 */
async function hundredAcross(count: number) {
  await open?.close(); // the previous test's, had it failed before closing
  const setup = await proxiedSetup(`relay_nonces_${count}_instances`);
  open = setup;
  const servers: RunningServer[] = [];
  for (let i = 0; i < count; i++) servers.push(await setup.start(`i${i}`));
  const before = await evmTokenBalance("USDC", setup.merchant.evmAddress);

  const signed: Signed[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const at = servers[i % count]!;
    signed.push(
      await signWithDevnetBuyer(at, {
        paymentId: await createPaymentAt(at, setup.merchant, "100"),
        namespace: "eip155",
        symbol: "USDC",
        buyerIndex: i % 3,
      }),
    );
  }
  // A refusal shows its status and body (a one-off non-200 was seen once under a loaded run).
  const answers = await Promise.all(
    signed.map(async (s, i) => {
      const r = await confirmAt(servers[(i + 1) % count]!, s);
      return r?.status === 200 ? 200 : `${r?.status ?? "no answer"} ${await r?.text()}`;
    }),
  );
  expect(answers).toEqual(signed.map(() => 200));

  const ids = signed.map((s) => s.paymentId);
  expect(await waitFinal(setup, ids)).toEqual({ succeeded: PAYMENTS });
  const nonces = (
    await setup.db
      .select({ n: paymentSubmissions.relayNonce })
      .from(paymentSubmissions)
      .where(inArray(paymentSubmissions.paymentId, ids))
  ).map((r) => r.n!);
  expect(nonces.sort((a, b) => a - b)).toEqual(Array.from({ length: PAYMENTS }, (_, i) => i));
  const chain = createPublicClient({ transport: http(inject("devnet").evm.rpcUrl) });
  expect(await chain.getTransactionCount({ address: setup.relayer })).toBe(PAYMENTS);
  expect(await evmTokenBalance("USDC", setup.merchant.evmAddress)).toBe(before + BigInt(PAYMENTS) * 1_000_000n);
  await setup.close();
  open = undefined;
}

describe("several instances sharing one relayer key", () => {
  it(
    "two instances: 100 concurrent EIP-3009 payments all succeed, relayer nonces consecutive and none reused",
    () => hundredAcross(2),
    180_000,
  );
  it("three instances: the same", () => hundredAcross(3), 180_000);
});
