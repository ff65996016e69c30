import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import Ajv from "ajv";
import { and, eq, ne } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { merchants, partnerApiKeys, paymentOptions, payments } from "@/db/schema";
import { createApiKey } from "@/lib/auth/create-api-key";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { createPartner } from "@/lib/merchants/create-partner";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { api, createPaymentRequest, usd, type TestMerchant } from "../support/api";
import { evmTokenBalance } from "../support/balances";
import { dash, signUpUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { gw, waitFinal } from "../support/gateway";
import { ROOT, TEST_ENV } from "../support/server";
import { CLI_BUNDLE } from "../support/run-cli";

const run = promisify(execFile);

// The public contract's response schemas: every 200/201 body below is checked against them.
const FACTS = JSON.parse(readFileSync(join(ROOT, "tests", "support", "platform-api-contract.json"), "utf8")) as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: { "application/json": { schema: object } } }> }>
  >;
};
const ajv = new Ajv({ allErrors: true });

function expectContract({
  path,
  method,
  status,
  body,
}: {
  path: string;
  method: string;
  status: number;
  body: unknown;
}): void {
  const schema = FACTS.paths[path]![method]!.responses[String(status)]!.content["application/json"].schema;
  const validate = ajv.compile(schema);
  expect(validate(body), `${method.toUpperCase()} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

type Partner = { partnerId: string; apiKey: string };
let counter = 0;

async function newPartner(): Promise<Partner> {
  return createPartner(testDb().db, `Platform ${++counter}`);
}

/** A Platform API call with a partner's (or any) Api-Key. */
function platform(
  path: string,
  init: { key?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers["api-key"] = init.key;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${inject("baseUrl")}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

let keys = 0;
const idem = () => ({ "idempotency-key": `k-${Date.now()}-${++keys}` });

async function createViaApi(
  partner: Partner,
  name = `Shop ${++counter}`,
  email = `owner${counter}@shop.example`,
): Promise<{ id: string; name: string }> {
  const res = await platform("/v1/merchants", {
    key: partner.apiKey,
    method: "POST",
    body: { merchantName: name, merchantEmail: email },
    headers: idem(),
  });
  expect(res.status).toBe(201);
  return (await res.json()).merchant;
}

function evmAsset(symbol: string): string {
  const { evm } = inject("devnet");
  return `${evm.chainId}/erc20:${evm.tokens.find((t) => t.symbol === symbol)!.address}`;
}

const freshEvm = () => privateKeyToAccount(generatePrivateKey()).address;

describe("Platform API: partner keys", () => {
  it("partner create --json prints exactly {partnerId, apiKey}, and the key opens the Platform API", async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      [CLI_BUNDLE, "partner", "create", "--name", "Acme Platform", "--json"],
      {
        cwd: ROOT,
        env: { ...process.env, ...TEST_ENV } as NodeJS.ProcessEnv,
      },
    );
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^\{"partnerId":"ptn_[0-9A-Za-z]{22}","apiKey":"psk_[A-Za-z0-9_-]{43}"\}\n$/);
    const { apiKey } = JSON.parse(stdout) as Partner;
    const res = await platform("/v1/merchants", { key: apiKey });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectContract({ path: "/v1/merchants", method: "get", status: 200, body });
    expect(body).toEqual({ merchants: [], totalCount: 0, nextCursor: null });
  });

  it("rotation: partner add-key gives a second key beside the first; partner revoke-key refuses the old one at once", async () => {
    const cli = (...args: string[]) =>
      run(process.execPath, [CLI_BUNDLE, ...args], {
        cwd: ROOT,
        env: { ...process.env, ...TEST_ENV } as NodeJS.ProcessEnv,
      });
    const first = JSON.parse(
      (await cli("partner", "create", "--name", "Rotating Platform", "--json")).stdout,
    ) as Partner;
    const added = await cli("partner", "add-key", first.partnerId, "--json");
    expect(added.stderr).toBe("");
    const second = JSON.parse(added.stdout) as Partner & { keyId: string };
    expect(second).toMatchObject({ partnerId: first.partnerId, apiKey: expect.stringMatching(/^psk_/) });
    // Both keys open the Platform API, for the same partner's merchants.
    const { id: merchantId } = await createViaApi(first, "Made with the old key", "old@key.example");
    expect((await platform(`/v1/merchants/${merchantId}`, { key: second.apiKey })).status).toBe(200);

    const [oldKey] = await testDb()
      .db.select({ id: partnerApiKeys.id })
      .from(partnerApiKeys)
      .where(and(eq(partnerApiKeys.partnerId, first.partnerId), ne(partnerApiKeys.id, second.keyId)));
    expect((await cli("partner", "revoke-key", oldKey!.id)).stdout).toContain("revoked");
    const refused = await platform("/v1/merchants", { key: first.apiKey });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "invalid_api_key" });
    expect((await platform(`/v1/merchants/${merchantId}`, { key: second.apiKey })).status).toBe(200);
    // Revoking again, or an unknown partner, is a usage error (exit 2) with nothing printed.
    await expect(cli("partner", "revoke-key", oldKey!.id)).rejects.toMatchObject({ code: 2, stdout: "" });
    await expect(cli("partner", "add-key", "ptn_nobody")).rejects.toMatchObject({ code: 2, stdout: "" });
  });

  it("refuses a missing or wrong key with 401, and a merchant's API key on every Platform route", async () => {
    expect(await (await platform("/v1/merchants")).json()).toMatchObject({ code: "missing_api_key" });
    expect((await platform("/v1/merchants", { key: "psk_nope" })).status).toBe(401);

    const merchant = await createMerchant(testDb().db, { name: "Has a merchant key", currency: "USD" });
    const withMerchantKey = (path: string, method = "GET", body?: unknown) =>
      platform(path, {
        key: merchant.apiKey,
        method,
        body,
        headers: { "merchant-id": merchant.merchantId, ...idem() },
      });
    const m = `/v1/merchants/${merchant.merchantId}`;
    for (const res of [
      await withMerchantKey("/v1/merchants"),
      await withMerchantKey("/v1/merchants", "POST", { merchantName: "x", merchantEmail: "a@b.co" }),
      await withMerchantKey(m),
      await withMerchantKey(m, "PATCH", { merchantName: "taken over" }),
      await withMerchantKey(m, "DELETE"),
      await withMerchantKey(`${m}/settlements`),
      await withMerchantKey(`${m}/settlements/crypto`, "POST", {
        settlements: [{ asset: evmAsset("USDC"), destination: `${inject("devnet").evm.chainId}:${freshEvm()}` }],
      }),
      await withMerchantKey(`${m}/settlements/crypto/stl_x`, "PUT", {
        destination: `${inject("devnet").evm.chainId}:${freshEvm()}`,
      }),
      await withMerchantKey(`${m}/settlements/crypto/stl_x`, "DELETE"),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: "invalid_api_key" });
    }
    // Its own record is untouched.
    const [row] = await testDb().db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    expect(row).toMatchObject({ name: "Has a merchant key", deletedAt: null });
  });

  it("a partner key cannot use the merchant payment API, not even for its own merchant", async () => {
    const partner = await newPartner();
    const own = await createViaApi(partner);
    const asMerchant: TestMerchant = { merchantId: own.id, apiKey: partner.apiKey, keyId: "" };
    const created = await createPaymentRequest(asMerchant, usd("100"));
    expect(created.status).toBe(401);
    expect(await created.json()).toMatchObject({ code: "invalid_api_key" });
    const status = await api("/v1/merchant/payment/pay_0000000000000000000000/status", { merchant: asMerchant });
    expect(status.status).toBe(401);
    expect(await testDb().db.select().from(payments).where(eq(payments.merchantId, own.id))).toEqual([]);
  });
});

describe("Platform API: merchants", () => {
  it("create is idempotent: same key and body replay the first answer, another body is 409, no key is 400", async () => {
    const partner = await newPartner();
    const body = {
      merchantName: "Idem Shop",
      merchantEmail: "idem@shop.example",
      iconUrl: "https://shop.example/icon.png",
    };
    const headers = { "idempotency-key": "create-1" };
    const first = await platform("/v1/merchants", { key: partner.apiKey, method: "POST", body, headers });
    expect(first.status).toBe(201);
    const created = await first.json();
    expectContract({ path: "/v1/merchants", method: "post", status: 201, body: created });
    expect(created.merchant).toMatchObject({
      id: expect.stringMatching(/^mer_[0-9A-Za-z]{22}$/),
      name: "Idem Shop",
      email: "idem@shop.example",
      status: "active",
    });
    expect(Date.parse(created.merchant.createdAt)).not.toBeNaN();

    // Keys in another order are the same body.
    const again = await platform("/v1/merchants", {
      key: partner.apiKey,
      method: "POST",
      body: JSON.stringify({
        iconUrl: body.iconUrl,
        merchantEmail: body.merchantEmail,
        merchantName: body.merchantName,
      }),
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(created);

    const conflict = await platform("/v1/merchants", {
      key: partner.apiKey,
      method: "POST",
      body: { ...body, merchantName: "Other" },
      headers,
    });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: "idempotency_conflict" });

    const missing = await platform("/v1/merchants", { key: partner.apiKey, method: "POST", body });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "missing_idempotency_key" });

    // Another partner may use the same key: it is its own request.
    const other = await newPartner();
    const theirs = await platform("/v1/merchants", { key: other.apiKey, method: "POST", body, headers });
    expect(theirs.status).toBe(201);
    expect((await theirs.json()).merchant.id).not.toBe(created.merchant.id);

    const rows = await testDb().db.select().from(merchants).where(eq(merchants.partnerId, partner.partnerId));
    expect(rows.map((r) => r.id)).toEqual([created.merchant.id]);
  });

  it("refuses bad bodies with 400 params_validation naming the fields", async () => {
    const partner = await newPartner();
    const bad = await platform("/v1/merchants", {
      key: partner.apiKey,
      method: "POST",
      body: { merchantName: "", merchantEmail: "not-an-email", iconUrl: "javascript:alert(1)" },
      headers: idem(),
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.code).toBe("params_validation");
    expect(body.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      "iconUrl",
      "merchantEmail",
      "merchantName",
    ]);
    const malformed = await platform("/v1/merchants", {
      key: partner.apiKey,
      method: "POST",
      body: "{",
      headers: idem(),
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe("params_validation");
  });

  it("lists the partner's merchants newest first, paged by nextCursor, with totalCount and search", async () => {
    const partner = await newPartner();
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createViaApi(partner, i === 2 ? "Blue Bakery" : `Page shop ${i}`, `page${i}@list.example`));
    // Someone else's merchant never shows.
    await createViaApi(await newPartner(), "Blue Bakery elsewhere");

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await platform(`/v1/merchants?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
        key: partner.apiKey,
      });
      expect(res.status).toBe(200);
      const page = await res.json();
      expectContract({ path: "/v1/merchants", method: "get", status: 200, body: page });
      expect(page.totalCount).toBe(5);
      expect(page.merchants.length).toBeLessThanOrEqual(2);
      seen.push(...page.merchants.map((m: { id: string }) => m.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((m) => m.id).reverse());

    const found = await (await platform("/v1/merchants?search=blue%20BAK", { key: partner.apiKey })).json();
    expect(found.merchants.map((m: { name: string }) => m.name)).toEqual(["Blue Bakery"]);
    expect(found.totalCount).toBe(1);
    const byEmail = await (await platform("/v1/merchants?search=page4%40list", { key: partner.apiKey })).json();
    expect(byEmail.merchants.map((m: { id: string }) => m.id)).toEqual([made[4]!.id]);
    expect(await (await platform("/v1/merchants?status=suspended", { key: partner.apiKey })).json()).toEqual({
      merchants: [],
      totalCount: 0,
      nextCursor: null,
    });
    expect((await (await platform("/v1/merchants?status=active", { key: partner.apiKey })).json()).totalCount).toBe(5);

    const tooMany = await platform("/v1/merchants?limit=101", { key: partner.apiKey });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).code).toBe("params_validation");
    const forged = await platform("/v1/merchants?cursor=bm90LWEtY3Vyc29y", { key: partner.apiKey });
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe("invalid_params");
  });

  it("gets and patches a merchant", async () => {
    const partner = await newPartner();
    const { id } = await createViaApi(partner, "Before");
    const got = await platform(`/v1/merchants/${id}`, { key: partner.apiKey });
    expect(got.status).toBe(200);
    const detail = await got.json();
    expectContract({ path: "/v1/merchants/{merchantId}", method: "get", status: 200, body: detail });
    expect(detail.merchant).toMatchObject({
      id,
      name: "Before",
      status: "active",
      iconUrl: null,
      settlements: { crypto: [], fiat: [] },
    });

    const patched = await platform(`/v1/merchants/${id}`, {
      key: partner.apiKey,
      method: "PATCH",
      body: { merchantName: "After", iconUrl: "https://after.example/i.png" },
    });
    expect(patched.status).toBe(200);
    const body = await patched.json();
    expectContract({ path: "/v1/merchants/{merchantId}", method: "patch", status: 200, body });
    expect(body.merchant).toMatchObject({
      id,
      name: "After",
      email: detail.merchant.email,
      iconUrl: "https://after.example/i.png",
    });
    expect((await (await platform(`/v1/merchants/${id}`, { key: partner.apiKey })).json()).merchant.name).toBe("After");

    const bad = await platform(`/v1/merchants/${id}`, {
      key: partner.apiKey,
      method: "PATCH",
      body: { merchantEmail: "nope" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "params_validation", issues: [{ field: "merchantEmail" }] });
  });

  it("delete is soft: 404 on the Platform API afterwards, the merchant's key refused, its payments kept, its checkout offers nothing", async () => {
    const partner = await newPartner();
    const { id } = await createViaApi(partner);
    await testDb().db.update(merchants).set({ evmAddress: freshEvm() }).where(eq(merchants.id, id));
    const key = await createApiKey(testDb().db, { merchantId: id, name: "shop backend" });
    const merchant: TestMerchant = { merchantId: id, apiKey: key.secret, keyId: key.id };
    const created = await createPaymentRequest(merchant, usd("700"));
    expect(created.status).toBe(201);
    const { paymentId } = await created.json();

    const deleted = await platform(`/v1/merchants/${id}`, { key: partner.apiKey, method: "DELETE" });
    expect(deleted.status).toBe(200);
    const body = await deleted.json();
    expectContract({ path: "/v1/merchants/{merchantId}", method: "delete", status: 200, body });
    expect(body).toEqual({ id, deleted: true });

    for (const [path, method] of [
      [`/v1/merchants/${id}`, "GET"],
      [`/v1/merchants/${id}`, "PATCH"],
      [`/v1/merchants/${id}`, "DELETE"],
      [`/v1/merchants/${id}/settlements`, "GET"],
    ] as const) {
      const res = await platform(path, {
        key: partner.apiKey,
        method,
        body: method === "PATCH" ? { merchantName: "back" } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
    expect((await (await platform("/v1/merchants", { key: partner.apiKey })).json()).totalCount).toBe(0);

    // Its key no longer works on the merchant API: it is no merchant at all there.
    const refused = await createPaymentRequest(merchant, usd("700"));
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: "merchant_not_found" });
    expect((await api(`/v1/merchant/payment/${paymentId}/status`, { merchant })).status).toBe(404);

    // Its payment is still on record, and its checkout takes no new options.
    expect(await testDb().db.select({ id: payments.id }).from(payments).where(eq(payments.merchantId, id))).toEqual([
      { id: paymentId },
    ]);
    const buyer = inject("devnet").evm.buyers[0]!;
    const options = await gw(paymentId, "/options", {
      body: { accounts: [`${inject("devnet").evm.chainId}:${buyer.address}`] },
    });
    expect(options.status).toBe(409);
  });
});

describe("Platform API: isolation between partners", () => {
  it("another partner's merchant (or one the CLI made) is 404 on every route, and stays untouched", async () => {
    const owner = await newPartner();
    const intruder = await newPartner();
    const { id } = await createViaApi(owner, "Owned");
    const chainId = inject("devnet").evm.chainId;
    const made = await platform(`/v1/merchants/${id}/settlements/crypto`, {
      key: owner.apiKey,
      method: "POST",
      body: { settlements: [{ asset: evmAsset("USDC"), destination: `${chainId}:${freshEvm()}` }] },
      headers: idem(),
    });
    expect(made.status).toBe(201);
    const [settlement] = (await made.json()).settlements;
    const cliMerchant = await createMerchant(testDb().db, { name: "No partner", currency: "USD" });

    for (const target of [id, cliMerchant.merchantId]) {
      const m = `/v1/merchants/${target}`;
      const calls: [string, string, unknown?][] = [
        [m, "GET"],
        [m, "PATCH", { merchantName: "Stolen" }],
        [m, "DELETE"],
        [`${m}/settlements`, "GET"],
        [
          `${m}/settlements/crypto`,
          "POST",
          { settlements: [{ asset: evmAsset("USDT"), destination: `${chainId}:${freshEvm()}` }] },
        ],
        [`${m}/settlements/crypto/${settlement.id}`, "PUT", { destination: `${chainId}:${freshEvm()}` }],
        [`${m}/settlements/crypto/${settlement.id}`, "DELETE"],
      ];
      for (const [path, method, body] of calls) {
        const res = await platform(path, { key: intruder.apiKey, method, body, headers: idem() });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toMatchObject({ code: "not_found" });
      }
    }
    const list = await (await platform("/v1/merchants", { key: intruder.apiKey })).json();
    expect(list.totalCount).toBe(0);

    const still = await (await platform(`/v1/merchants/${id}`, { key: owner.apiKey })).json();
    expect(still.merchant.name).toBe("Owned");
    expect(still.merchant.settlements.crypto).toEqual([settlement]);
  });
});

describe("Platform API: crypto settlements", () => {
  it("add, replay, conflict, replace, delete: the listing follows each step", async () => {
    const partner = await newPartner();
    const { id } = await createViaApi(partner);
    const chainId = inject("devnet").evm.chainId;
    const usdc = evmAsset("USDC");
    const first = freshEvm();
    const headers = idem();
    const body = { settlements: [{ asset: usdc, destination: `${chainId}:${first.toLowerCase()}` }] };

    const added = await platform(`/v1/merchants/${id}/settlements/crypto`, {
      key: partner.apiKey,
      method: "POST",
      body,
      headers,
    });
    expect(added.status).toBe(201);
    const addedBody = await added.json();
    expectContract({
      path: "/v1/merchants/{merchantId}/settlements/crypto",
      method: "post",
      status: 201,
      body: addedBody,
    });
    // Stored and answered in canonical (EIP-55) form.
    expect(addedBody.settlements).toEqual([
      { id: expect.stringMatching(/^stl_/), asset: usdc, destination: `${chainId}:${first}` },
    ]);
    const settlementId = addedBody.settlements[0].id as string;

    const replay = await platform(`/v1/merchants/${id}/settlements/crypto`, {
      key: partner.apiKey,
      method: "POST",
      body,
      headers,
    });
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(addedBody);

    const listed = await (await platform(`/v1/merchants/${id}/settlements`, { key: partner.apiKey })).json();
    expectContract({ path: "/v1/merchants/{merchantId}/settlements", method: "get", status: 200, body: listed });
    expect(listed).toEqual({ fiat: [], crypto: addedBody.settlements });

    const second = await platform(`/v1/merchants/${id}/settlements/crypto`, {
      key: partner.apiKey,
      method: "POST",
      body: { settlements: [{ asset: usdc, destination: `${chainId}:${freshEvm()}` }] },
      headers: idem(),
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "settlement_asset_conflict" });
    const twice = await platform(`/v1/merchants/${id}/settlements/crypto`, {
      key: partner.apiKey,
      method: "POST",
      body: {
        settlements: [
          { asset: evmAsset("USDT"), destination: `${chainId}:${freshEvm()}` },
          { asset: evmAsset("USDT"), destination: `${chainId}:${freshEvm()}` },
        ],
      },
      headers: idem(),
    });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: "settlement_asset_conflict" });

    const replacement = freshEvm();
    const put = await platform(`/v1/merchants/${id}/settlements/crypto/${settlementId}`, {
      key: partner.apiKey,
      method: "PUT",
      body: { destination: `${chainId}:${replacement}` },
    });
    expect(put.status).toBe(200);
    const putBody = await put.json();
    expectContract({
      path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
      method: "put",
      status: 200,
      body: putBody,
    });
    expect(putBody).toEqual({ id: settlementId, asset: usdc, destination: `${chainId}:${replacement}` });
    expect(
      (await (await platform(`/v1/merchants/${id}`, { key: partner.apiKey })).json()).merchant.settlements.crypto,
    ).toEqual([putBody]);

    const del = await platform(`/v1/merchants/${id}/settlements/crypto/${settlementId}`, {
      key: partner.apiKey,
      method: "DELETE",
    });
    expect(del.status).toBe(200);
    const delBody = await del.json();
    expectContract({
      path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
      method: "delete",
      status: 200,
      body: delBody,
    });
    expect(delBody).toEqual({ id: settlementId, deleted: true });
    expect((await (await platform(`/v1/merchants/${id}/settlements`, { key: partner.apiKey })).json()).crypto).toEqual(
      [],
    );
    expect(
      (
        await platform(`/v1/merchants/${id}/settlements/crypto/${settlementId}`, {
          key: partner.apiKey,
          method: "DELETE",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await platform(`/v1/merchants/${id}/settlements/crypto/${settlementId}`, {
          key: partner.apiKey,
          method: "PUT",
          body: { destination: `${chainId}:${replacement}` },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses an asset that is not a configured token and a destination that is not an address of the asset's chain", async () => {
    const partner = await newPartner();
    const { id } = await createViaApi(partner);
    const { evm, solana } = inject("devnet");
    const post = (settlements: unknown, headers: Record<string, string> = idem()) =>
      platform(`/v1/merchants/${id}/settlements/crypto`, {
        key: partner.apiKey,
        method: "POST",
        body: { settlements },
        headers,
      });
    const cases: [unknown, string][] = [
      [
        [{ asset: "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", destination: `eip155:1:${freshEvm()}` }],
        "settlements.0.asset",
      ],
      [
        [{ asset: evmAsset("USDC"), destination: `${solana.chainId}:${solana.merchant.publicKey}` }],
        "settlements.0.destination",
      ],
      [
        [{ asset: evmAsset("USDC"), destination: `${evm.chainId}:0x52908400098527886E0F7030069857D2E4169Ee7` }],
        "settlements.0.destination",
      ],
      [
        [
          {
            asset: `${solana.chainId}/token:${solana.tokens[0]!.mint}`,
            destination: `${solana.chainId}:0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl`,
          },
        ],
        "settlements.0.destination",
      ],
      [[{ asset: "usdc", destination: "somewhere" }], "settlements.0.asset"],
      [[], "settlements"],
    ];
    for (const [settlements, field] of cases) {
      const res = await post(settlements);
      expect(res.status, JSON.stringify(settlements)).toBe(400);
      const body = await res.json();
      expect(body.code).toBe("params_validation");
      expect(body.issues.map((i: { field: string }) => i.field)).toContain(field);
    }
    const noKey = await platform(`/v1/merchants/${id}/settlements/crypto`, {
      key: partner.apiKey,
      method: "POST",
      body: { settlements: [{ asset: evmAsset("USDC"), destination: `${evm.chainId}:${freshEvm()}` }] },
    });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ code: "missing_idempotency_key" });

    // Nothing was stored along the way.
    expect((await (await platform(`/v1/merchants/${id}/settlements`, { key: partner.apiKey })).json()).crypto).toEqual(
      [],
    );
    const badPut = await platform(`/v1/merchants/${id}/settlements/crypto/stl_0000000000000000000000`, {
      key: partner.apiKey,
      method: "PUT",
      body: { destination: "nope" },
    });
    expect(badPut.status).toBe(400);
  });

  it("the receiving address the dashboard sets is listed per asset, and a destination set here overrides it for one asset", async () => {
    const partner = await newPartner();
    const { id } = await createViaApi(partner);
    const chainId = inject("devnet").evm.chainId;
    const receiving = freshEvm();
    // What the dashboard's settings save writes.
    await testDb().db.update(merchants).set({ evmAddress: receiving }).where(eq(merchants.id, id));
    const listed = (await (await platform(`/v1/merchants/${id}/settlements`, { key: partner.apiKey })).json())
      .crypto as { id: string; asset: string; destination: string }[];
    const usdc = listed.find((s) => s.asset === evmAsset("USDC"))!;
    expect(usdc.destination).toBe(`${chainId}:${receiving}`);
    expect(listed.find((s) => s.asset === evmAsset("USDT"))!.destination).toBe(`${chainId}:${receiving}`);

    // An asset has one destination: the inherited one counts; PUT replaces it for that asset only.
    const conflict = await platform(`/v1/merchants/${id}/settlements/crypto`, {
      key: partner.apiKey,
      method: "POST",
      body: { settlements: [{ asset: usdc.asset, destination: `${chainId}:${freshEvm()}` }] },
      headers: idem(),
    });
    expect(conflict.status).toBe(409);
    const own = freshEvm();
    expect(
      (
        await platform(`/v1/merchants/${id}/settlements/crypto/${usdc.id}`, {
          key: partner.apiKey,
          method: "PUT",
          body: { destination: `${chainId}:${own}` },
        })
      ).status,
    ).toBe(200);
    const after = (await (await platform(`/v1/merchants/${id}/settlements`, { key: partner.apiKey })).json())
      .crypto as typeof listed;
    expect(after.find((s) => s.asset === usdc.asset)).toEqual({
      id: usdc.id,
      asset: usdc.asset,
      destination: `${chainId}:${own}`,
    });
    expect(after.find((s) => s.asset === evmAsset("USDT"))!.destination).toBe(`${chainId}:${receiving}`);

    // The dashboard changes the receiving address: the inherited entries follow, the override stays.
    const moved = freshEvm();
    await testDb().db.update(merchants).set({ evmAddress: moved }).where(eq(merchants.id, id));
    const later = (await (await platform(`/v1/merchants/${id}/settlements`, { key: partner.apiKey })).json())
      .crypto as typeof listed;
    expect(later.find((s) => s.asset === evmAsset("USDT"))!.destination).toBe(`${chainId}:${moved}`);
    expect(later.find((s) => s.asset === usdc.asset)!.destination).toBe(`${chainId}:${own}`);
  });

  it("the gateway pays the destination set for the token's asset, and the receiving address for the others", async () => {
    const partner = await newPartner();
    const { id } = await createViaApi(partner);
    const { evm } = inject("devnet");
    const receiving = freshEvm();
    await testDb().db.update(merchants).set({ evmAddress: receiving }).where(eq(merchants.id, id));
    const listed = (await (await platform(`/v1/merchants/${id}/settlements`, { key: partner.apiKey })).json())
      .crypto as { id: string; asset: string }[];
    const destination = freshEvm();
    const usdc = listed.find((s) => s.asset === evmAsset("USDC"))!;
    expect(
      (
        await platform(`/v1/merchants/${id}/settlements/crypto/${usdc.id}`, {
          key: partner.apiKey,
          method: "PUT",
          body: { destination: `${evm.chainId}:${destination}` },
        })
      ).status,
    ).toBe(200);

    const key = await createApiKey(testDb().db, { merchantId: id });
    const created = await createPaymentRequest({ merchantId: id, apiKey: key.secret, keyId: key.id }, usd("1250"));
    expect(created.status).toBe(201);
    const { paymentId } = await created.json();
    const buyer = evm.buyers[2]!;
    const res = await gw(paymentId, "/options", { body: { accounts: [`${evm.chainId}:${buyer.address}`] } });
    expect(res.status).toBe(200);
    type WireOption = {
      id: string;
      amount: { display: { assetSymbol: string } };
      actions: {
        type: "walletRpc";
        data: { chain_id: string; method: string; params: unknown[] };
        walletRpc: { chainId: string; method: string; params: string };
      }[];
    };
    const { options } = (await res.json()) as { options: WireOption[] };
    const usdcOption = options.find((o) => o.amount.display.assetSymbol === "USDC")!;
    const action = usdcOption.actions[0]!;
    const typed = JSON.parse(action.data.params[1] as string) as { message: { to: string } };
    expect(typed.message.to.toLowerCase()).toBe(destination.toLowerCase());

    // The USDT option still pays the receiving address (recorded on the stored option).
    const usdtOption = options.find((o) => o.amount.display.assetSymbol === "USDT")!;
    const [usdtRow] = await testDb()
      .db.select({ recipient: paymentOptions.recipient })
      .from(paymentOptions)
      .where(and(eq(paymentOptions.id, usdtOption.id), eq(paymentOptions.paymentId, paymentId)));
    expect(usdtRow!.recipient).toBe(receiving);

    // Paid end to end: the tokens land at the destination, nothing at the receiving address.
    const wallet = devnetWallet({
      evm: { privateKey: buyer.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    });
    const confirm = await gw(paymentId, "/confirm", {
      body: {
        optionId: usdcOption.id,
        results: [await wallet(action as unknown as Parameters<typeof wallet>[0])],
      },
    });
    expect(confirm.status).toBe(200);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await evmTokenBalance("USDC", destination)).toBe(12_500_000n);
    expect(await evmTokenBalance("USDC", receiving)).toBe(0n);
  });
});

describe("Platform API and the dashboard agree", () => {
  it("the merchant's settings page lists a destination its platform set for one token", async () => {
    const partner = await newPartner();
    const user = await signUpUser({ businessName: "Platform-managed shop" });
    // As if the partner had created this merchant (a dashboard user is given to it with the CLI).
    await testDb().db.update(merchants).set({ partnerId: partner.partnerId }).where(eq(merchants.id, user.merchantId));
    const chainId = inject("devnet").evm.chainId;
    const destination = freshEvm();
    const res = await platform(`/v1/merchants/${user.merchantId}/settlements/crypto`, {
      key: partner.apiKey,
      method: "POST",
      body: { settlements: [{ asset: evmAsset("USDC"), destination: `${chainId}:${destination}` }] },
      headers: idem(),
    });
    expect(res.status).toBe(201);
    const page = await (await dash("/dashboard/settings", { user })).text();
    expect(page).toContain("Per-token destinations");
    expect(page).toContain(destination);
  });
});
