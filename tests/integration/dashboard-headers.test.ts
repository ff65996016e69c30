import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { uniqueClientIp } from "../support/client-ip";
import { ownScratchDatabaseUrl } from "../support/own-scratch-database";
import { startServer, type RunningServer } from "../support/server";

describe("dashboard security headers", () => {
  it("refuses to be framed and leaks no referrer to other sites", async () => {
    for (const path of ["/dashboard/sign-in", "/dashboard/sign-up", "/dashboard"]) {
      const res = await fetch(`${inject("baseUrl")}${path}`, { redirect: "manual" });
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

// The same-origin check of the dashboard's mutations compares Origin with this site: the public base
// URL or the host the request was sent to. X-Forwarded-Host and -Proto name that host only when a
// proxy of the operator's wrote them (TRUST_PROXY_HOPS > 0); otherwise the client wrote them itself.
describe("forwarded host headers and the dashboard's origin check", () => {
  let direct: RunningServer;
  beforeAll(async () => {
    const url = await ownScratchDatabaseUrl("origin_check");
    direct = await startServer(
      { DATABASE_URL: url, EXPIRY_JOB_INTERVAL_MS: "0", TRUST_PROXY_HOPS: "0" },
      "origin-check",
    );
  });
  afterAll(async () => direct?.stop());

  const signIn = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/dashboard/api/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueClientIp(), ...headers },
      body: JSON.stringify({ email: "nobody@shop.example", password: "not the password" }),
    });
  const spoofed = { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

  it("with no trusted proxy (TRUST_PROXY_HOPS=0), a spoofed X-Forwarded-Host does not pass: 403 csrf_failed", async () => {
    const res = await signIn(direct.url, spoofed);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "csrf_failed" });
    // Our own origin still passes (and the wrong password is what answers).
    expect((await signIn(direct.url, { origin: direct.url })).status).toBe(401);
  });

  it("behind a trusted proxy (the test servers trust one hop), the host it forwards is this site's", async () => {
    expect((await signIn(inject("baseUrl"), spoofed)).status).toBe(401);
  });
});
