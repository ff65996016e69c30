import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq, inArray } from "drizzle-orm";
import { createPublicClient, http } from "viem";
import { afterAll, describe, expect, inject, it } from "vitest";
import { payments, paymentSubmissions, serviceFees } from "@/db/schema";
import { createUser } from "@/lib/dashboard/create-user";
import { confirmAt, createPaymentAt, gatewayAt, signWithDevnetBuyer } from "../support/pay-steps";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { ROOT, TEST_ENV, type RunningServer } from "../support/server";
import { CLI_BUNDLE } from "../support/run-cli";

const run = promisify(execFile);
const setups: ProxiedSetup[] = [];
afterAll(async () => {
  await Promise.all(setups.map((s) => s.close()));
});

// Fees are valued at the coins' feeds (ETH/USD 3000, SOL/USD 150 on the suite's devnet, never moved there),
// not at the networks' static prices (ETH 2500), which only stand in when a feed is unusable.
const ETH_PRICE_USD_CENTS = 300_000n;
const SOL_PRICE_USD_CENTS = 15_000n;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * The payments' final statuses, once the watcher has also closed the transfers our gas keys sent: the
 * ledger may settle a payment first, and the fee is recorded when the watcher closes the transfer.
 */
async function waitFinal(setup: ProxiedSetup, ids: string[]) {
  for (let t = 0; t < 200; t++) {
    const rows = await setup.db.select({ status: payments.status }).from(payments).where(inArray(payments.id, ids));
    const open = await setup.db
      .select({ id: paymentSubmissions.paymentId })
      .from(paymentSubmissions)
      .where(and(inArray(paymentSubmissions.paymentId, ids), eq(paymentSubmissions.state, "open")));
    if (open.length === 0 && rows.every((r) => r.status !== "pending" && r.status !== "processing"))
      return rows.map((r) => r.status);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("payments did not finish");
}

async function pay(
  setup: ProxiedSetup,
  { server, namespace, buyer }: { server: RunningServer; namespace: "eip155" | "solana"; buyer: number },
): Promise<string> {
  const signed = await signWithDevnetBuyer(server, {
    paymentId: await createPaymentAt(server, setup.merchant, "100"),
    namespace,
    symbol: "USDC",
    buyerIndex: buyer,
  });
  expect((await confirmAt(server, signed))?.status).toBe(200);
  return signed.paymentId;
}

type WireOption = {
  id: string;
  amount: { display: { assetSymbol: string; networkName: string } };
  actions: { type: string; data: { method?: string } }[];
};

async function optionsFor(server: RunningServer, paymentId: string): Promise<WireOption[]> {
  const { evm, solana } = inject("devnet");
  const accounts = [`${evm.chainId}:${evm.buyers[2]!.address}`, `${solana.chainId}:${solana.buyers[2]!.publicKey}`];
  const res = await gatewayAt(server, { paymentId, path: "/options", body: { accounts } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { options: WireOption[] }).options;
}

/** "USDC eth_signTypedData_v4", "USDT eth_sendTransaction", "USDC build"… of each option. */
const kinds = (options: WireOption[]) =>
  options.map((o) => `${o.amount.display.assetSymbol} ${o.actions[0]!.data.method ?? o.actions[0]!.type}`).sort();

describe("every fee the service pays is recorded per merchant and payment, in the native coin and the merchant's currency", () => {
  it("EIP-3009 relays and Solana transfers: the recorded fees are exactly what the gas keys spent, valued at the coin's feed; the CLI and the dashboard report them", async () => {
    const setup = await proxiedSetup("service_fees");
    setups.push(setup);
    const server = await setup.start("only");
    const { evm } = inject("devnet");
    const client = createPublicClient({ transport: http(evm.rpcUrl) });
    const relayerBefore = await client.getBalance({ address: setup.relayer });

    const ids = [
      await pay(setup, { server, namespace: "eip155", buyer: 0 }),
      await pay(setup, { server, namespace: "eip155", buyer: 1 }),
      await pay(setup, { server, namespace: "solana", buyer: 0 }),
    ];
    expect(await waitFinal(setup, ids)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const spentByRelayer = relayerBefore - (await client.getBalance({ address: setup.relayer }));

    const rows = await setup.db.select().from(serviceFees).where(eq(serviceFees.merchantId, setup.merchant.merchantId));
    const evmRows = rows.filter((r) => r.chainId === evm.chainId);
    expect(evmRows.map((r) => r.paymentId).sort()).toEqual(ids.slice(0, 2).sort());
    expect(
      evmRows.every(
        (r) => r.kind === "network_fee" && r.nativeSymbol === "ETH" && r.nativeDecimals === 18 && r.currency === "USD",
      ),
    ).toBe(true);
    // To the wei: the relayer's balance fell by exactly what was recorded for the two relays.
    expect(evmRows.reduce((sum, r) => sum + BigInt(r.nativeAmount), 0n)).toBe(spentByRelayer);
    for (const row of rows) {
      const price = row.nativeSymbol === "ETH" ? ETH_PRICE_USD_CENTS : SOL_PRICE_USD_CENTS;
      // Cents, rounded up: a cost is never understated.
      expect(row.fiatAmount).toBe(ceilDiv(BigInt(row.nativeAmount) * price, 10n ** BigInt(row.nativeDecimals)));
      const [payment] = await setup.db
        .select({ txHash: payments.txHash })
        .from(payments)
        .where(eq(payments.id, row.paymentId));
      expect(row.txHash).toBe(payment!.txHash);
    }
    // The Solana transfer: its fee (two signatures) and, as the merchant's USDC account was new, its rent.
    const solanaRows = rows.filter((r) => r.chainId !== evm.chainId);
    expect(solanaRows.map((r) => r.kind).sort()).toEqual(["network_fee", "rent"]);
    expect(solanaRows.find((r) => r.kind === "network_fee")!.nativeAmount).toBe("10000");
    expect(BigInt(solanaRows.find((r) => r.kind === "rent")!.nativeAmount)).toBeGreaterThan(1_000_000n);

    // The operator's CLI, per merchant.
    const { stdout } = await run(process.execPath, [CLI_BUNDLE, "fees", "--json"], {
      cwd: ROOT,
      env: { ...process.env, ...TEST_ENV, DATABASE_URL: await scratchDatabaseUrl("service_fees") } as NodeJS.ProcessEnv,
    });
    const report = JSON.parse(stdout) as {
      merchantId: string;
      payments: number;
      total: string;
      unvalued: number;
      native: { chainId: string; symbol: string; baseUnits: string }[];
    }[];
    const mine = report.find((r) => r.merchantId === setup.merchant.merchantId)!;
    const totalCents = rows.reduce((sum, r) => sum + r.fiatAmount!, 0n);
    expect(mine).toMatchObject({ payments: 3, unvalued: 0, total: `$${(Number(totalCents) / 100).toFixed(2)}` });
    expect(mine.native.find((c) => c.chainId === evm.chainId)).toMatchObject({
      symbol: "ETH",
      baseUnits: spentByRelayer.toString(),
    });

    // The merchant's dashboard, per month.
    const email = `fees-${Date.now()}@shop.example`;
    await createUser(setup.db, { merchantId: setup.merchant.merchantId, email, password: "correct horse battery" });
    const signIn = await fetch(`${server.url}/dashboard/api/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": "203.0.113.77" },
      body: JSON.stringify({ email, password: "correct horse battery" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("dash_session="))!
      .split(";")[0]!;
    const page = await (await fetch(`${server.url}/dashboard/fees`, { headers: { cookie } })).text();
    const month = new Date().toISOString().slice(0, 7);
    const evmCents = evmRows.reduce((sum, r) => sum + r.fiatAmount!, 0n);
    expect(page).toContain(month);
    expect(page).toContain(`$${(Number(evmCents) / 100).toFixed(2)}`);
  }, 180_000);

  it("past SPONSORED_FEES_PER_DAY, gasless options are not offered and an earlier one cannot be confirmed; buyer-paid transfers remain", async () => {
    const setup = await proxiedSetup("fee_budget");
    setups.push(setup);
    // One cent a day: the first relay's gas uses it up (a fee's value is rounded up to whole cents).
    const server = await setup.start("only", { SPONSORED_FEES_PER_DAY: "0.01" });

    const early = await createPaymentAt(server, setup.merchant, "200");
    expect(kinds(await optionsFor(server, early))).toEqual([
      "ETH eth_sendTransaction",
      "SOL build",
      "USDC build",
      "USDC eth_signTypedData_v4",
      "USDT eth_sendTransaction",
    ]);
    // Signed while the budget held, confirmed after it ran out.
    const earlySigned = await signWithDevnetBuyer(server, {
      paymentId: early,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 2,
    });

    const first = await pay(setup, { server, namespace: "eip155", buyer: 0 });
    expect(await waitFinal(setup, [first])).toEqual(["succeeded"]);

    const later = await createPaymentAt(server, setup.merchant, "300");
    // No relay, no Solana fee payer (so no SOL either): ETH, USDC and USDT as transfers the buyer's wallet
    // sends (and pays gas for).
    expect(kinds(await optionsFor(server, later))).toEqual([
      "ETH eth_sendTransaction",
      "USDC eth_sendTransaction",
      "USDT eth_sendTransaction",
    ]);
    const refused = await confirmAt(server, earlySigned);
    expect(refused?.status).toBe(409);
    expect(((await refused!.json()) as { code: string }).code).toBe("fees_budget_exhausted");
    const [earlyRow] = await setup.db.select({ status: payments.status }).from(payments).where(eq(payments.id, early));
    expect(earlyRow!.status).toBe("pending");

    // A buyer-paid transfer still pays the merchant.
    const signed = await signWithDevnetBuyer(server, {
      paymentId: later,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 1,
    });
    expect((await confirmAt(server, signed))?.status).toBe(200);
    expect(await waitFinal(setup, [later])).toEqual(["succeeded"]);
    const fees = await setup.db.select().from(serviceFees).where(eq(serviceFees.merchantId, setup.merchant.merchantId));
    expect(fees.map((f) => f.paymentId)).toEqual([first]);
  }, 180_000);
});
