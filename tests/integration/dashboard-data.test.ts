import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { apiKeys, merchants, payments } from "@/db/schema";
import { api, createPaymentRequest, usd } from "../support/api";
import { createKey, dash, signUpUser, type DashboardUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { parseCsv } from "../support/parse-csv";
import { paid, seedPayment } from "../support/seed";

function keyOf(user: DashboardUser, key: { id: string; secret: string }) {
  return { merchantId: user.merchantId, apiKey: key.secret, keyId: key.id };
}

describe("dashboard data through the same lib functions as the API", () => {
  it("exports every filtered payment as CSV across many listing pages, quoting what needs quoting", async () => {
    const user = await signUpUser();
    const tricky = ["comma, inside", 'quote " inside', "line\r\nbreak", '=HYPERLINK("x")', "plain"];
    const ids = new Set<string>();
    for (let i = 0; i < 430; i++) {
      ids.add(
        await seedPayment(user.merchantId, {
          referenceId: i < tricky.length ? tricky[i]! : `order-${i}`,
          ...(i % 2 === 0 ? paid(`0xbuyer${i % 7}`) : {}),
        }),
      );
    }
    // Not in the filter: pending ones.
    const res = await dash("/dashboard/api/payments/export?status=succeeded&sort=amount:asc", {
      headers: { cookie: user.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      "payment_id",
      "reference_id",
      "status",
      "created_at",
      "fiat_amount",
      "fiat_currency",
      "token_amount",
      "token_symbol",
      "token_caip19",
      "chain_id",
      "buyer_caip10",
      "tx_hash",
      "wallet_name",
      "settled_at",
      "exception",
    ]);
    expect(rows).toHaveLength(215); // more than one listing page (200)
    expect(new Set(rows.map((r) => r[0])).size).toBe(215);
    for (const r of rows) {
      expect(ids.has(r[0]!)).toBe(true);
      expect(r[2]).toBe("succeeded");
      expect(r).toHaveLength(15);
      expect(r[14]).toBe(""); // no exception
    }
    expect(text).toContain('"comma, inside"');
    expect(rows[0]).toEqual(expect.arrayContaining(["10", "USD", "10", "USDC"]));

    const allText = await (await dash("/dashboard/api/payments/export", { headers: { cookie: user.cookie } })).text();
    const all = parseCsv(allText);
    expect(all.length - 1).toBe(430);
    expect(new Set(all.slice(1).map((r) => r[0]))).toEqual(ids);
    const refs = all.map((r) => r[1]);
    expect(refs).toEqual(expect.arrayContaining(["comma, inside", 'quote " inside', "line\r\nbreak", "plain"]));
    expect(refs).toContain('\'=HYPERLINK("x")'); // neutralised for spreadsheets (CSV injection)
    expect(allText).toContain('"quote "" inside"');
    const bad = await dash("/dashboard/api/payments/export?status=nope", { headers: { cookie: user.cookie } });
    expect(bad.status).toBe(400);
  });

  it("the payments table filters and searches with the listing's rules, and pages by cursor", async () => {
    const user = await signUpUser();
    for (let i = 0; i < 30; i++)
      await seedPayment(user.merchantId, { referenceId: `tbl-${i}`, fiatAmount: BigInt(100 + i) });
    const page1 = await (await dash("/dashboard/payments", { headers: { cookie: user.cookie } })).text();
    expect(page1.match(/data-payment-id=/g)).toHaveLength(25);
    const next = /href="(\/dashboard\/payments\?[^"]*cursor=[^"]+)"/.exec(page1)![1]!.replaceAll("&amp;", "&");
    const page2 = await (await dash(next, { headers: { cookie: user.cookie } })).text();
    expect(page2.match(/data-payment-id=/g)).toHaveLength(5);
    const previous = /<a [^>]*rel="prev"[^>]*>/
      .exec(page2)![0]!
      .match(/href="([^"]+)"/)![1]!
      .replaceAll("&amp;", "&");
    const back = await (await dash(previous, { headers: { cookie: user.cookie } })).text();
    const rowsOf = (html: string) => [...html.matchAll(/data-payment-id="([^"]+)"/g)].map((m) => m[1]);
    expect(rowsOf(back)).toEqual(rowsOf(page1));

    const search = await (await dash("/dashboard/payments?q=tbl-7", { headers: { cookie: user.cookie } })).text();
    expect(search.match(/data-payment-id=/g)).toHaveLength(1);
    expect(search).toContain("tbl-7");
    const byAmount = await (
      await dash("/dashboard/payments?sort=amount:desc", { headers: { cookie: user.cookie } })
    ).text();
    expect(byAmount.indexOf("tbl-29")).toBeLessThan(byAmount.indexOf("tbl-28"));
    const invalid = await (
      await dash("/dashboard/payments?from=2026-02-30", { headers: { cookie: user.cookie } })
    ).text();
    expect(invalid).toContain("from:");
  });

  it("settings: a bad checksum or token is refused naming the field, and nothing is saved", async () => {
    const user = await signUpUser({ businessName: "Before" });
    const devnet = inject("devnet");
    const good = "0x52908400098527886E0F7030069857D2E4169EE7";
    const base = {
      name: "After",
      iconUrl: "",
      evmAddress: good,
      solanaAddress: "",
      acceptedTokens: null,
      defaultExpirySeconds: 600,
      currency: "eur",
    };
    const badChecksum = await dash("/dashboard/api/settings", {
      method: "PUT",
      user,
      json: { ...base, evmAddress: "0x52908400098527886E0F7030069857D2E4169Ee7" },
    });
    expect(badChecksum.status).toBe(400);
    expect((await badChecksum.json()).issues).toEqual([
      { field: "evmAddress", message: expect.stringMatching(/checksum/) },
    ]);
    const badMany = await dash("/dashboard/api/settings", {
      method: "PUT",
      user,
      json: {
        ...base,
        solanaAddress: "not-base58!",
        iconUrl: "http://insecure.example/x.png",
        acceptedTokens: ["eip155:1/erc20:0xdead"],
        currency: "XXX",
      },
    });
    expect(badMany.status).toBe(400);
    expect((await badMany.json()).issues.map((i: { field: string }) => i.field).sort()).toEqual([
      "acceptedTokens",
      "currency",
      "iconUrl",
      "solanaAddress",
    ]);
    const [unchanged] = await testDb().db.select().from(merchants).where(eq(merchants.id, user.merchantId));
    expect(unchanged).toMatchObject({ name: "Before", evmAddress: null, currency: "USD", defaultExpirySeconds: null });

    const usdc = `${devnet.evm.chainId}/erc20:${devnet.evm.tokens.find((t) => t.symbol === "USDC")!.address}`;
    const saved = await dash("/dashboard/api/settings", {
      method: "PUT",
      user,
      json: {
        ...base,
        evmAddress: good.toLowerCase(),
        acceptedTokens: [usdc],
        iconUrl: "data:image/png;base64,iVBORw0KGgo=",
      },
    });
    expect(saved.status).toBe(200);
    const [row] = await testDb().db.select().from(merchants).where(eq(merchants.id, user.merchantId));
    expect(row).toMatchObject({
      name: "After",
      evmAddress: good,
      currency: "EUR",
      defaultExpirySeconds: 600,
      acceptedTokens: [usdc],
    });
  });

  it("settings reach the checkout: new receiving address, accepted tokens and default expiry apply to the next payment", async () => {
    const user = await signUpUser();
    const devnet = inject("devnet");
    const key = await createKey(user);
    const address = "0x52908400098527886E0F7030069857D2E4169EE7";
    const usdc = `${devnet.evm.chainId}/erc20:${devnet.evm.tokens.find((t) => t.symbol === "USDC")!.address}`;
    const settings = {
      name: "Reaches checkout",
      iconUrl: "https://cdn.example/icon.png",
      evmAddress: address,
      solanaAddress: "",
      acceptedTokens: [usdc],
      defaultExpirySeconds: 1200,
      currency: "USD",
    };
    expect((await dash("/dashboard/api/settings", { method: "PUT", user, json: settings })).status).toBe(200);

    const created = await createPaymentRequest(keyOf(user, key), usd("500"));
    const payment = await created.json();
    expect(payment.expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThan(1150);
    expect(payment.expiresAt - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(1200);

    const buyer = devnet.evm.buyers[0]!.address;
    const res = await fetch(
      `${inject("baseUrl")}/v1/gateway/payment/${payment.paymentId}/options?includePaymentInfo=true`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ accounts: [`${devnet.evm.chainId}:${buyer}`] }),
      },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.options).toHaveLength(1); // USDC only: USDT is not accepted
    expect(body.options[0].amount.unit).toBe(`caip19/${usdc}`);
    expect(JSON.stringify(body.options[0].actions).toLowerCase()).toContain(address.slice(2).toLowerCase());
    expect(body.info.merchant).toMatchObject({ name: "Reaches checkout", iconUrl: "https://cdn.example/icon.png" });
  });

  it("a key created in the dashboard works at once, records its last use, and is refused at once when revoked", async () => {
    const user = await signUpUser();
    const key = await createKey(user, "production");
    expect(key.secret).toMatch(/^sk_/);
    const keysPage = await (await dash("/dashboard/keys", { headers: { cookie: user.cookie } })).text();
    expect(keysPage).toContain("production");
    expect(keysPage).toContain(user.merchantId);
    expect(keysPage).not.toContain(key.secret); // shown once, in the create answer only

    expect((await createPaymentRequest(keyOf(user, key), usd("100"))).status).toBe(201);
    await expect
      .poll(async () => (await testDb().db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]?.lastUsedAt, {
        timeout: 5000,
      })
      .toBeInstanceOf(Date);

    const revoked = await dash(`/dashboard/api/keys/${key.id}`, { method: "DELETE", user });
    expect(revoked.status).toBe(200);
    const refused = await api("/v1/merchants/payments", { merchant: keyOf(user, key) });
    expect(refused.status).toBe(401);
    expect((await createPaymentRequest(keyOf(user, key), usd("100"))).status).toBe(401);
    expect((await dash(`/dashboard/api/keys/${key.id}`, { method: "DELETE", user })).status).toBe(404);
  });

  it("the detail page shows the status timeline the trigger records, amounts, buyer and transaction", async () => {
    const user = await signUpUser();
    const id = await seedPayment(user.merchantId, { referenceId: "timeline-order", fiatAmount: 1250n });
    await testDb().db.update(payments).set({ status: "processing" }).where(eq(payments.id, id));
    await testDb().db.update(payments).set(paid("0xfeed")).where(eq(payments.id, id));
    const html = await (await dash(`/dashboard/payments/${id}`, { headers: { cookie: user.cookie } })).text();
    const timeline = /data-testid="timeline"[^>]*>(.*?)<\/ol>/s.exec(html)![1]!;
    expect([...timeline.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => m[1])).toEqual([
      "Created",
      "Processing",
      "Succeeded",
    ]);
    expect(html).toContain("$12.50");
    expect(html).toContain("10 USDC");
    expect(html).toContain("eip155:31337:0xfeed");
  });
});
