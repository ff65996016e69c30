import { describe, expect, it } from "vitest";
import { api, createPaymentRequest, newMerchant, usd } from "../support/api";

// fetch asks for gzip and unpacks it; content-encoding still says what came over the wire.
describe("compression of JSON answers", () => {
  it("sends a small answer as it is, saying no-transform, to a client that accepts gzip", async () => {
    const merchant = await newMerchant();
    const created = await createPaymentRequest(merchant, usd("1250"), { headers: { "accept-encoding": "gzip" } });
    expect(created.status).toBe(201);
    expect(created.headers.get("content-encoding")).toBeNull();
    expect(created.headers.get("cache-control")).toBe("no-store, no-transform");
    const { paymentId } = (await created.json()) as { paymentId: string };

    const status = await api(`/v1/merchant/payment/${paymentId}/status`, {
      merchant,
      headers: { "accept-encoding": "gzip" },
    });
    expect(status.headers.get("content-encoding")).toBeNull();
    expect(await status.json()).toMatchObject({ status: "pending" });
  });

  it("still gzips an answer of a kilobyte or more", async () => {
    const res = await api("/openapi.json", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()).openapi).toMatch(/^3\.1/);
  });
});
