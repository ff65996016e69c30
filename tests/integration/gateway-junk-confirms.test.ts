import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { paymentSubmissions, payments } from "@/db/schema";
import { createPaymentAt, gatewayAt } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import { inject } from "vitest";

let setup: ProxiedSetup | undefined;
afterAll(async () => {
  await setup?.close();
});

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

describe("unauthenticated confirms cannot hold the database", () => {
  it("60 concurrent confirms with made-up hashes: a merchant's create answers in its usual time, each junk confirm a 4xx", async () => {
    setup = await proxiedSetup("junk_confirms");
    // A small pool: when confirm held a connection while waiting on the chain, 5 junk confirms were enough to stall it.
    const server = await setup.start("only", { DATABASE_POOL_SIZE: "5" });
    const paymentId = await createPaymentAt(server, setup.merchant, "500");
    const { evm } = inject("devnet");
    const account = `${evm.chainId}:${evm.buyers[0]!.address}`;
    const { options } = (await (
      await gatewayAt(server, { paymentId, path: "/options", body: { accounts: [account] } })
    ).json()) as {
      options: { id: string; amount: { display: { assetSymbol: string } } }[];
    };
    const usdt = options.find((o) => o.amount.display.assetSymbol === "USDT")!;

    const usual: number[] = [];
    for (let i = 0; i < 10; i++) usual.push((await timed(() => createPaymentAt(server, setup!.merchant, "100")))[1]);
    usual.sort((a, b) => a - b);

    const junk = Array.from({ length: 60 }, () =>
      timed(() =>
        gatewayAt(server, {
          paymentId,
          path: "/confirm",
          body: {
            optionId: usdt.id,
            results: [`0x${randomBytes(32).toString("hex")}`],
          },
        }),
      ),
    );
    // While the 60 wait on the chain for transactions that do not exist, the merchant keeps creating.
    await new Promise((r) => setTimeout(r, 1000));
    const during: number[] = [];
    for (let i = 0; i < 5; i++) during.push((await timed(() => createPaymentAt(server, setup!.merchant, "100")))[1]);
    // No connection of the app sits in a transaction while the confirms wait on the chain (seconds). A job's
    // own short transaction may be caught between two statements: only one idle there for 500 ms counts.
    const [{ holding }] = (await setup.sql`
      select count(*)::int as holding from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'
        and state_change < clock_timestamp() - interval '500 milliseconds'`) as unknown as [{ holding: number }];
    const answered = await Promise.all(junk);

    const slowestJunk = Math.min(...answered.map(([, ms]) => ms));
    console.log(
      `create ms usual p50 ${usual[5]!.toFixed(1)} max ${usual[9]!.toFixed(1)}; during junk ${during.map((m) => m.toFixed(1)).join(", ")}; junk confirms answered after >= ${slowestJunk.toFixed(0)} ms`,
    );
    // The creates really overlapped the junk confirms, which each wait for the chain before refusing.
    expect(slowestJunk).toBeGreaterThan(during.reduce((a, b) => a + b, 1000));
    expect(holding).toBe(0);
    // The junk confirms poll the chain meanwhile (CPU on 2 cores), but nothing queues behind them:
    // with a connection held per confirm, 60 of them on 5 connections would make a create wait a minute.
    expect(Math.max(...during)).toBeLessThan(2000);
    for (const [res] of answered) {
      expect(res.status).toBe(422);
      expect(((await res.json()) as { code: string }).code).toBe("verification_failed");
    }
    // Nothing was recorded for them, and the payment still waits for its buyer.
    const [{ n }] = (await setup.db
      .select({ n: count() })
      .from(paymentSubmissions)
      .where(eq(paymentSubmissions.paymentId, paymentId))) as [{ n: number }];
    expect(n).toBe(0);
    const [row] = await setup.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe("pending");
  });
});
