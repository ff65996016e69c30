import { describe, expect, inject, it } from "vitest";

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
