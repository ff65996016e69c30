import { Keypair } from "@solana/web3.js";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { uniqueClientIp } from "../support/client-ip";
import { testDb } from "../support/db";
import { chainMerchant, gw, newPayment } from "../support/gateway";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { startServer, type RunningServer } from "../support/server";

// The defaults in lib/env.ts (the test server does not change them).
const OPTIONS_PER_MINUTE = 120;
const FETCH_PER_MINUTE = 60;
const CONFIRM_PER_MINUTE = 60;
const MAX_OPTIONS_PER_CLIENT = 25;

type WireOption = { id: string; account: string; amount: { value: string }; actions: unknown[]; expiresAt: number };

function evmAccount(i = 0): string {
  const { evm } = inject("devnet");
  return `${evm.chainId}:${evm.buyers[i]!.address}`;
}

/** Fire `n` calls at once and wait for all of them. */
async function burst(n: number, call: () => Promise<Response>): Promise<Response[]> {
  return Promise.all(Array.from({ length: n }, call));
}

/** A buyer account nobody used before. */
function freshEvmAccount(): string {
  return `${inject("devnet").evm.chainId}:${privateKeyToAccount(generatePrivateKey()).address}`;
}

async function optionRows(paymentId: string): Promise<number> {
  const [row] = await testDb().sql`select count(*)::int as n from payment_options where payment_id = ${paymentId}`;
  return row!.n as number;
}

async function options(paymentId: string, accounts: string[]): Promise<WireOption[]> {
  const res = await gw(paymentId, "/options", { body: { accounts } });
  expect(res.status).toBe(200);
  return (await res.json()).options;
}

async function expectRateLimited(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  expect(await res.json()).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/try again/) });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe("gateway rate limits per client address", () => {
  it("options: a burst of 300 from one address gets the limit's worth of answers, then 429 with Retry-After, never a 5xx; another address is served", async () => {
    const { paymentId } = await newPayment(await chainMerchant({ evm: true }));
    const ip = uniqueClientIp();
    const results = await burst(300, () =>
      gw(paymentId, "/options", { body: { accounts: [evmAccount()] }, headers: { "x-forwarded-for": ip } }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(OPTIONS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - OPTIONS_PER_MINUTE);
    for (const res of results.filter((r) => r.status === 429).slice(0, 5)) await expectRateLimited(res);
    // Every answer offered the same quotes (one per token): 120 calls stored no more rows than one.
    const served = await Promise.all(
      results
        .filter((r) => r.status === 200)
        .map(async (r) => ((await r.json()).options as WireOption[]).map((o) => o.id).join()),
    );
    expect(new Set(served).size).toBe(1);
    expect(await optionRows(paymentId)).toBe(served[0]!.split(",").length);

    // The same address stays refused; another one, even for the same payment, is not affected.
    await expectRateLimited(
      await gw(paymentId, "/options", { body: { accounts: [evmAccount()] }, headers: { "x-forwarded-for": ip } }),
    );
    expect(
      (
        await gw(paymentId, "/options", {
          body: { accounts: [evmAccount()] },
          headers: { "x-forwarded-for": uniqueClientIp() },
        })
      ).status,
    ).toBe(200);
  });

  it("the limit is the last X-Forwarded-For hop's: hops a client adds in front do not buy it a new budget", async () => {
    const { paymentId } = await newPayment(await chainMerchant({ evm: true }));
    const proxySaw = uniqueClientIp();
    const results = await burst(OPTIONS_PER_MINUTE + 10, () =>
      gw(paymentId, "/options", {
        body: { accounts: [evmAccount()] },
        headers: { "x-forwarded-for": `${uniqueClientIp()}, ${proxySaw}` },
      }),
    );
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it("fetch and confirm are limited per address too, before the body is even read", async () => {
    const { paymentId } = await newPayment(await chainMerchant({ evm: true }));
    const fetchIp = uniqueClientIp();
    const fetches = await burst(FETCH_PER_MINUTE + 15, () =>
      gw(paymentId, "/fetch", {
        body: { optionId: "opt_unknown", data: "x" },
        headers: { "x-forwarded-for": fetchIp },
      }),
    );
    // Within the budget each call is answered on its merits (an unknown option here), beyond it 429.
    expect(fetches.filter((r) => r.status === 400)).toHaveLength(FETCH_PER_MINUTE);
    expect(fetches.filter((r) => r.status === 429)).toHaveLength(15);
    await expectRateLimited(fetches.find((r) => r.status === 429)!);

    const confirmIp = uniqueClientIp();
    const confirms = await burst(CONFIRM_PER_MINUTE + 15, () =>
      gw(paymentId, "/confirm", {
        body: { optionId: "opt_unknown", results: ["0x00"] },
        headers: { "x-forwarded-for": confirmIp },
      }),
    );
    expect(confirms.filter((r) => r.status === 400)).toHaveLength(CONFIRM_PER_MINUTE);
    expect(confirms.filter((r) => r.status === 429)).toHaveLength(15);
    await expectRateLimited(confirms.find((r) => r.status === 429)!);
    // Each call has its own budget: the address out of confirms still fetches.
    expect(
      (
        await gw(paymentId, "/fetch", {
          body: { optionId: "opt_unknown", data: "x" },
          headers: { "x-forwarded-for": confirmIp },
        })
      ).status,
    ).toBe(400);
  });

  it("status polls are never limited", async () => {
    const { paymentId } = await newPayment(await chainMerchant({ evm: true }));
    const ip = uniqueClientIp();
    const polls = await burst(300, () =>
      gw(paymentId, "/status", { body: undefined, headers: { "x-forwarded-for": ip } }),
    );
    expect(polls.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  });

  it("two app instances on one database share one budget per address", async () => {
    // Servers of their own with a small budget, on a scratch database: only these calls count there.
    const url = await scratchDatabaseUrl("payments_limits_instances");
    const servers: RunningServer[] = [];
    try {
      for (const i of [0, 1])
        servers.push(
          await startServer(
            { DATABASE_URL: url, EXPIRY_JOB_INTERVAL_MS: "0", GATEWAY_OPTIONS_PER_MINUTE: "10" },
            `limits-instance-${i}`,
          ),
        );
      const ip = uniqueClientIp();
      // An unknown payment answers 404, and still counts: the limit comes before anything else.
      const calls = Array.from({ length: 30 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/v1/gateway/payment/pay_0000000000000000000000/options`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ accounts: [evmAccount()] }),
        }),
      );
      const statuses = (await Promise.all(calls)).map((r) => r.status);
      expect(statuses.filter((s) => s === 404)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});

describe("option rows per payment", () => {
  it("asking again for the same account returns the same options: id, amount, actions and expiry", async () => {
    const { paymentId } = await newPayment(await chainMerchant());
    const { solana } = inject("devnet");
    const accounts = [evmAccount(1), `${solana.chainId}:${solana.buyers[0]!.publicKey}`];
    const first = await options(paymentId, accounts);
    expect(first.length).toBeGreaterThanOrEqual(2);
    const again = await options(paymentId, accounts);
    expect(again).toEqual(first);
    // The same account once more in one call, or alone: still the same options, nothing new stored.
    expect(await options(paymentId, [accounts[0]!, accounts[0]!])).toEqual(
      first.filter((o) => o.account === accounts[0]),
    );
    expect(await optionRows(paymentId)).toBe(first.length);
  });

  it("a quote that ran out, or is about to, is not reused: the next call offers a new one", async () => {
    const { paymentId } = await newPayment(await chainMerchant({ evm: true }));
    const account = freshEvmAccount();
    const first = await options(paymentId, [account]);
    const { sql } = testDb();
    await sql`update payment_options set expires_at = now() + interval '10 seconds' where payment_id = ${paymentId}`;
    const second = await options(paymentId, [account]);
    expect(second.map((o) => o.id).filter((id) => first.some((f) => f.id === id))).toEqual([]);
    expect(await optionRows(paymentId)).toBe(first.length * 2);
  });

  it(`a stranger inventing accounts from one address uses up only its own ${MAX_OPTIONS_PER_CLIENT} live quotes: beyond, 409 for it and nothing stored; the buyer elsewhere is served`, async () => {
    const { paymentId } = await newPayment(await chainMerchant({ evm: true }));
    const attacker = uniqueClientIp();
    const asAttacker = () =>
      gw(paymentId, "/options", { body: { accounts: [freshEvmAccount()] }, headers: { "x-forwarded-for": attacker } });
    const perAccount = ((await (await asAttacker()).json()).options as WireOption[]).length;
    const fit = Math.floor(MAX_OPTIONS_PER_CLIENT / perAccount);
    const results = await burst(fit + 5, asAttacker);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(fit - 1);
    expect(await results.find((r) => r.status === 409)!.json()).toMatchObject({
      code: "too_many_options",
      message: expect.stringMatching(/this client/),
    });
    expect(await optionRows(paymentId)).toBe(fit * perAccount);

    // The real buyer, at another address, still gets quotes for the payment, and can ask again.
    const buyer = await options(paymentId, [evmAccount(1)]);
    expect(buyer).toHaveLength(perAccount);
    expect(await options(paymentId, [evmAccount(1)])).toEqual(buyer);
  });

  it("expired quotes stop counting: the client gets new ones; expired Solana quotes nobody confirmed are deleted, the others kept", async () => {
    const { paymentId } = await newPayment(await chainMerchant());
    const { solana } = inject("devnet");
    const client = uniqueClientIp();
    const ask = (accounts: string[]) =>
      gw(paymentId, "/options", { body: { accounts }, headers: { "x-forwarded-for": client } });
    const accounts = () => [freshEvmAccount(), `${solana.chainId}:${Keypair.generate().publicKey.toBase58()}`];
    let held = 0;
    for (;;) {
      const res = await ask(accounts());
      if (res.status === 409) break;
      expect(res.status).toBe(200);
      held += ((await res.json()).options as WireOption[]).length;
    }
    expect(held).toBeLessThanOrEqual(MAX_OPTIONS_PER_CLIENT);
    const solanaRows = async () =>
      (
        await testDb()
          .sql`select count(*)::int as n from payment_options where payment_id = ${paymentId} and chain_id like 'solana:%'`
      )[0]!.n as number;
    expect(await solanaRows()).toBeGreaterThan(0);

    await testDb()
      .sql`update payment_options set expires_at = now() - interval '1 second' where payment_id = ${paymentId}`;
    const again = await ask(accounts());
    expect(again.status).toBe(200);
    const fresh = (await again.json()).options as WireOption[];
    // The only Solana rows left are the new quote's: the expired ones needed the service's signature to land.
    expect(await solanaRows()).toBe(fresh.filter((o) => o.account.startsWith("solana:")).length);
    const evmRows = (
      await testDb()
        .sql`select count(*)::int as n from payment_options where payment_id = ${paymentId} and chain_id like 'eip155:%'`
    )[0]!.n as number;
    expect(evmRows).toBeGreaterThan(fresh.filter((o) => o.account.startsWith("eip155:")).length);
  });

  it("200 invented accounts from 200 addresses at once cannot stop the real buyer from getting a quote", async () => {
    const { paymentId } = await newPayment(await chainMerchant({ evm: true }));
    // Each call from an address of its own (gw's default), for an account never seen.
    const results = await burst(200, () => gw(paymentId, "/options", { body: { accounts: [freshEvmAccount()] } }));
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const buyer = await options(paymentId, [evmAccount(1)]);
    expect(buyer.length).toBeGreaterThan(0);
    expect(buyer.every((o) => o.account === evmAccount(1))).toBe(true);
  });
});
