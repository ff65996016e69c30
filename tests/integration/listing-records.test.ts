import { describe, expect, it } from "vitest";
import { LISTING_STATUSES } from "@/lib/listings/listing-status";
import { legacyListing, createPaymentRequest, newMerchant, type TestMerchant } from "../support/api";
import { paid, seedPayment } from "../support/seed";

const REQUIRED = [
  "payment_id",
  "merchant_id",
  "reference_id",
  "status",
  "is_terminal",
  "wallet_name",
  "token_symbol",
  "token_decimals",
  "token_logo",
  "chain_logo",
  "wallet_logo",
];

async function list(m: TestMerchant, query = "") {
  const res = await legacyListing(m, query);
  expect(res.status).toBe(200);
  return res.json();
}

describe("listed records (spec 2.4)", () => {
  it("a payment no wallet has touched has every required field, empty where unknown", async () => {
    const m = await newMerchant();
    const { paymentId } = await (
      await createPaymentRequest(m, { amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "order-7" })
    ).json();
    const { data } = await list(m);
    expect(data).toHaveLength(1);
    const record = data[0];
    for (const field of REQUIRED) expect(record[field], field).not.toBeNull();
    expect(record).toMatchObject({
      payment_id: paymentId,
      merchant_id: m.merchantId,
      reference_id: "order-7",
      status: "requires_action",
      is_terminal: false,
      wallet_name: "",
      token_symbol: "",
      token_decimals: 0,
      fiat_amount: 1250,
      fiat_currency: "USD",
      chain_id: null,
      buyer_caip10: null,
      token_caip19: null,
      tx_hash: null,
      token_amount: null,
      settled_at: null,
    });
    expect(Date.parse(record.created_at)).not.toBeNaN();
  });

  it("fills what the gateway recorded once a payment succeeded", async () => {
    const m = await newMerchant();
    const id = await seedPayment(m.merchantId, {
      fiatAmount: 4999n,
      ...paid("0x00000000000000000000000000000000000000aa"),
    });
    const [record] = (await list(m)).data;
    expect(record).toMatchObject({
      payment_id: id,
      status: "succeeded",
      is_terminal: true,
      wallet_name: "Test Wallet",
      chain_id: "eip155:31337",
      buyer_caip10: "eip155:31337:0x00000000000000000000000000000000000000aa",
      token_caip19: expect.stringMatching(/^eip155:31337\/erc20:0x/),
      tx_hash: expect.stringMatching(/^0x/),
      token_amount: "10000000",
      token_symbol: "USDC",
      token_decimals: 6,
      fiat_amount: 4999,
      settlement_status: "settled",
    });
    expect(record.settled_at).toEqual(expect.any(String));
  });

  it("lists a pending payment past its expiry as expired and terminal", async () => {
    const m = await newMerchant();
    await seedPayment(m.merchantId, { expiresAt: new Date(Date.now() - 1000) });
    const [record] = (await list(m)).data;
    expect(record).toMatchObject({ status: "expired", is_terminal: true });
    expect((await list(m, "status=expired")).data).toHaveLength(1);
    expect((await list(m, "status=requires_action")).data).toHaveLength(0);
  });

  it("uses only the listing status set, with is_terminal consistent", async () => {
    const m = await newMerchant();
    for (const status of ["pending", "processing", "succeeded", "failed", "expired"] as const)
      await seedPayment(m.merchantId, { status });
    const { data } = await list(m);
    expect(data.map((r: { status: string }) => r.status).sort()).toEqual([...LISTING_STATUSES].sort());
    for (const r of data) expect(r.is_terminal).toBe(["succeeded", "failed", "expired"].includes(r.status));
  });

  it("filters by status (one or repeated), asset, network and date range", async () => {
    const m = await newMerchant();
    const base = "eip155:8453";
    const sol = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
    const usdcBase = `${base}/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913`;
    const a = await seedPayment(m.merchantId, {
      ...paid("0xa", base, usdcBase),
      createdAt: new Date("2026-01-10T12:00:00Z"),
    });
    const b = await seedPayment(m.merchantId, {
      ...paid("Buyer1", sol, `${sol}/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`),
      createdAt: new Date("2026-01-11T12:00:00Z"),
    });
    const c = await seedPayment(m.merchantId, { status: "failed", createdAt: new Date("2026-01-12T12:00:00Z") });
    const d = await seedPayment(m.merchantId, { createdAt: new Date("2026-01-13T12:00:00Z") });
    const ids = async (q: string) => (await list(m, q)).data.map((r: { payment_id: string }) => r.payment_id).sort();

    expect(await ids("status=succeeded")).toEqual([a, b].sort());
    expect(await ids("status=failed&status=requires_action")).toEqual([c, d].sort());
    expect(await ids("status=failed,requires_action")).toEqual([c, d].sort());
    expect(await ids(`network=${base}`)).toEqual([a]);
    expect(await ids(`asset=${encodeURIComponent(usdcBase)}`)).toEqual([a]);
    expect(await ids("start_ts=2026-01-11T00:00:00Z&end_ts=2026-01-12T12:00:00Z")).toEqual([b, c].sort());
    expect(await ids("start_ts=2026-01-11T13:00:00%2B01:00")).toEqual([b, c, d].sort());
  });

  it("never shows another merchant's payments", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await seedPayment(a.merchantId, paid("0xa"));
    await seedPayment(b.merchantId);
    const listed = (await list(b)).data;
    expect(listed).toHaveLength(1);
    expect(listed[0].merchant_id).toBe(b.merchantId);
    expect((await list(b)).stats.total_transactions).toBe(0);
  });
});
