import { describe, expect, it } from "vitest";
import { legacyListing, createPaymentRequest, newMerchant, usd, type TestMerchant } from "../support/api";

async function list(m: TestMerchant, query: string) {
  const res = await legacyListing(m, query);
  return { status: res.status, body: await res.json() };
}

describe("listing query validation (spec 4.3)", () => {
  it.each([
    ["start_ts without a zone", "start_ts=2024-01-01T00:00:00", "start_ts"],
    ["start_ts as a bare date", "start_ts=2024-01-01", "start_ts"],
    ["a 29 February outside a leap year", "start_ts=2023-02-29T00:00:00Z", "start_ts"],
    ["month 13", "end_ts=2024-13-01T00:00:00Z", "end_ts"],
    ["hour 24", "end_ts=2024-01-01T24:00:00Z", "end_ts"],
    ["minute 60", "start_ts=2024-01-01T10:60:00Z", "start_ts"],
    ["31 April", "start_ts=2024-04-31T00:00:00Z", "start_ts"],
    ["an offset beyond ±14h", "start_ts=2024-01-01T00:00:00+15:00", "start_ts"],
    ["year 0000 (PostgreSQL has none)", "start_ts=0000-01-01T00:00:00Z", "start_ts"],
    ["year 0000 as the end", "end_ts=0000-12-31T23:59:59Z", "end_ts"],
    ["end before start", "start_ts=2024-02-01T00:00:00Z&end_ts=2024-01-01T00:00:00Z", "end_ts"],
    ["sort_by price", "sort_by=price", "sort_by"],
    ["sort_dir up", "sort_dir=up", "sort_dir"],
    ["limit 0", "limit=0", "limit"],
    ["limit 201", "limit=201", "limit"],
    ["limit -1", "limit=-1", "limit"],
    ["limit 1.5", "limit=1.5", "limit"],
    ["limit abc", "limit=abc", "limit"],
    ["limit twice", "limit=5&limit=6", "limit"],
    ["status pending (listings say requires_action)", "status=pending", "status"],
    ["an unknown status among good ones", "status=succeeded&status=done", "status"],
    ["an asset that is not CAIP-19", "asset=USDC", "asset"],
    ["a network that is not CAIP-2", "network=base", "network"],
  ])("refuses %s with 400 naming the field", async (_label, query, field) => {
    const m = await newMerchant();
    const { status, body } = await list(m, query);
    expect(status).toBe(400);
    expect(["params_validation", "invalid_params"]).toContain(body.code);
    expect(body.issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it.each([
    ["29 February in a leap year", "start_ts=2024-02-29T00:00:00Z"],
    ["an offset and fractions", "start_ts=2024-02-29T10:15:30.123456+05:30&end_ts=2030-01-01T00:00:00-08:00"],
    ["minutes without seconds", "start_ts=2024-01-01T10:15Z"],
    ["limit 1", "limit=1"],
    ["limit 200", "limit=200"],
    ["every sort", "sort_by=amount&sort_dir=asc"],
    ["repeated statuses", "status=requires_action&status=expired"],
    [
      "a CAIP-19 asset and CAIP-2 network",
      "asset=eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913&network=eip155:8453",
    ],
    ["unknown parameters (ignored)", "foo=bar&page=3"],
  ])("accepts %s", async (_label, query) => {
    const m = await newMerchant();
    const { status } = await list(m, query);
    expect(status).toBe(200);
  });

  describe("cursors are opaque and tamper-evident", () => {
    async function merchantWithCursor() {
      const m = await newMerchant();
      for (let i = 0; i < 3; i++) await createPaymentRequest(m, usd("100"));
      const { body } = await list(m, "limit=1");
      expect(body.next_cursor).toEqual(expect.any(String));
      return { m, cursor: body.next_cursor as string };
    }

    it("refuses garbage and a cursor whose payload was altered", async () => {
      const { m, cursor } = await merchantWithCursor();
      expect((await list(m, "cursor=not-a-cursor")).status).toBe(400);
      const [payload, mac] = cursor.split(".");
      const decoded = JSON.parse(Buffer.from(payload!, "base64url").toString());
      const forged = Buffer.from(JSON.stringify({ ...decoded, i: "pay_0000000000000000000000" })).toString("base64url");
      const res = await list(m, `limit=1&cursor=${forged}.${mac}`);
      expect(res.status).toBe(400);
      expect(res.body.issues[0].field).toBe("cursor");
    });

    it("refuses another merchant's cursor and never shows its rows", async () => {
      const { cursor } = await merchantWithCursor();
      const other = await newMerchant();
      const res = await list(other, `limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
    });

    it("refuses a cursor reused with other filters or another sort", async () => {
      const { m, cursor } = await merchantWithCursor();
      expect((await list(m, `limit=1&sort_by=amount&cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
      expect((await list(m, `limit=1&status=succeeded&cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
      expect((await list(m, `limit=2&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    });
  });
});
