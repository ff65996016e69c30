import { describe, expect, it } from "vitest";
import { api, createPaymentRequest, newMerchant, usd } from "../support/api";
import { dash } from "../support/dashboard";
import { gw } from "../support/gateway";

const LATEST = "2026-02-19.preview";

async function created(headers: Record<string, string>) {
  const res = await createPaymentRequest(await newMerchant(), usd("100"), { headers });
  return { res, body: (await res.json()) as { code?: string; message?: string; paymentId?: string } };
}

describe("API versions (WCP-Version, Api-Version)", () => {
  it("absent: served under the latest, which the answer names", async () => {
    const { res } = await created({});
    expect(res.status).toBe(201);
    expect(res.headers.get("wcp-version")).toBe(LATEST);
  });

  it("a served version is answered and echoed, on the merchant API and the gateway", async () => {
    for (const version of [LATEST, "2026-02-18"]) {
      const { res, body } = await created({ "WCP-Version": version });
      expect(res.status).toBe(201);
      expect(res.headers.get("wcp-version")).toBe(version);
      const status = await gw(body.paymentId!, "/status", {
        body: undefined,
        headers: {
          "WCP-Version": version,
          "Api-Version": version,
        },
      });
      expect(status.status).toBe(200);
      expect(status.headers.get("wcp-version")).toBe(version);
    }
  });

  it("Api-Version alone is honoured like WCP-Version", async () => {
    const { res } = await created({ "Api-Version": "2026-02-18" });
    expect(res.status).toBe(201);
    expect(res.headers.get("wcp-version")).toBe("2026-02-18");
    const unknown = await created({ "Api-Version": "2031-01-01" });
    expect(unknown.res.status).toBe(400);
    expect(unknown.body.code).toBe("unknown_api_version");
  });

  it("malformed is 400 invalid_api_version and nothing is created", async () => {
    for (const bad of ["2026-02-19.PREVIEW", "2026-2-19", "2026-02-30", "latest", ""]) {
      const { res, body } = await created({ "WCP-Version": bad });
      expect(res.status, bad).toBe(400);
      expect(body.code, bad).toBe("invalid_api_version");
      expect(body.paymentId).toBeUndefined();
      expect(res.headers.get("wcp-version")).toBe(LATEST);
    }
  });

  it("well-formed but unknown is 400 unknown_api_version", async () => {
    const { res, body } = await created({ "WCP-Version": "2027-01-01" });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: "unknown_api_version", message: expect.stringContaining("2026-02-18") });
  });

  it("WCP-Version and Api-Version naming different versions is 400 invalid_api_version", async () => {
    const { res, body } = await created({ "WCP-Version": LATEST, "Api-Version": "2026-02-18" });
    expect(res.status).toBe(400);
    expect(body.code).toBe("invalid_api_version");
  });

  it("an error answer names the version it was served under too", async () => {
    const missing = await gw("pay_0000000000000000000000", "/status", {
      body: undefined,
      headers: { "WCP-Version": "2026-02-18" },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "payment_not_found" });
    expect(missing.headers.get("wcp-version")).toBe("2026-02-18");
    const unauthenticated = await api("/v1/merchant/payment/pay_0000000000000000000000/status");
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("wcp-version")).toBe(LATEST);
    const nowhere = await api("/v1/no/such/route", { headers: { "Api-Version": "2026-02-18" } });
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers.get("wcp-version")).toBe("2026-02-18");
  });

  it("the dashboard API, health checks and the OpenAPI document are not versioned", async () => {
    const session = await dash("/dashboard/api/session", { headers: { "WCP-Version": "not-a-version" } });
    expect(session.status).toBe(401);
    expect((await session.json()).code).not.toMatch(/api_version/);
    expect(session.headers.get("wcp-version")).toBeNull();
    for (const path of ["/healthz", "/livez", "/openapi.json"]) {
      const res = await api(path, { headers: { "WCP-Version": "not-a-version" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("wcp-version"), path).toBeNull();
    }
  });
});
