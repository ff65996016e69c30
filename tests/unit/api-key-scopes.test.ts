import { describe, expect, it } from "vitest";
import { assertScopes, missingScope, POS_SCOPES, STANDARD_SCOPES } from "@/lib/auth/scopes";
import { ApiError } from "@/lib/errors/api-error";

describe("API key scopes", () => {
  it("a key with every standard scope may do everything but a point of sale's own read", () => {
    for (const scope of STANDARD_SCOPES) expect(missingScope(STANDARD_SCOPES, [scope])).toBeUndefined();
    expect(missingScope(STANDARD_SCOPES, ["payments:create", "payments:status"])).toBeUndefined();
    expect(missingScope(STANDARD_SCOPES, ["pos:sales"])).toBe("pos:sales");
  });

  it("write includes create and read includes status, never the other way round", () => {
    expect(missingScope(["payments:write"], ["payments:create"])).toBeUndefined();
    expect(missingScope(["payments:read"], ["payments:status"])).toBeUndefined();
    expect(missingScope(["payments:create"], ["payments:write"])).toBe("payments:write");
    expect(missingScope(["payments:status"], ["payments:read"])).toBe("payments:read");
    expect(missingScope(["payments:write"], ["payments:status"])).toBe("payments:status");
  });

  it("a point-of-sale key creates payments and reads their status, and nothing else", () => {
    expect(missingScope(POS_SCOPES, ["payments:create"])).toBeUndefined();
    expect(missingScope(POS_SCOPES, ["payments:status"])).toBeUndefined();
    expect(missingScope(POS_SCOPES, ["pos:sales"])).toBeUndefined();
    for (const scope of STANDARD_SCOPES) expect(missingScope(POS_SCOPES, [scope])).toBe(scope);
  });

  it("names the first missing scope of several", () => {
    expect(missingScope(["payments:read"], ["payments:read", "payments:write"])).toBe("payments:write");
    expect(missingScope([], ["refunds:write"])).toBe("refunds:write");
  });

  it("refuses with insufficient_scope and the scope in the message", () => {
    const refused = (() => {
      try {
        assertScopes({ scopes: ["payments:read"] }, "refunds:write");
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("insufficient_scope");
    expect((refused as ApiError).message).toContain("refunds:write");
    expect(() => assertScopes({ scopes: ["refunds:write"] }, "refunds:write")).not.toThrow();
  });
});
