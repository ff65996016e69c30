import { describe, expect, it } from "vitest";
import { checkAccess } from "@/lib/team/check-access";
import { can, PERMISSIONS, ROLE_PERMISSIONS, ROLES, type Permission } from "@/lib/team/permissions";

// The role table as the README states it: who holds which permission, nothing more.
const EXPECTED: Record<string, Permission[]> = {
  owner: [...PERMISSIONS],
  admin: PERMISSIONS.filter((p) => p !== "ownership:manage"),
  developer: ["payments:read", "keys:manage", "webhooks:manage"],
  finance: ["payments:read", "payments:export", "payments:resolve", "refunds:write", "links:manage"],
  viewer: ["payments:read"],
};

describe("dashboard roles and permissions", () => {
  it.each(ROLES)("%s holds exactly its permissions", (role) => {
    for (const p of PERMISSIONS) expect([p, can(role, p)]).toEqual([p, EXPECTED[role]!.includes(p)]);
    expect([...ROLE_PERMISSIONS[role]].sort()).toEqual([...EXPECTED[role]!].sort());
  });

  it("only an owner holds ownership; an admin holds everything else", () => {
    expect(ROLES.filter((r) => can(r, "ownership:manage"))).toEqual(["owner"]);
    expect(ROLES.filter((r) => can(r, "team:manage"))).toEqual(["owner", "admin"]);
    expect(ROLES.filter((r) => can(r, "audit:read"))).toEqual(["owner", "admin"]);
  });

  it("money moves only for finance, admin and owner; a viewer only reads", () => {
    for (const p of ["refunds:write", "payments:resolve"] as const)
      expect(ROLES.filter((r) => can(r, p))).toEqual(["owner", "admin", "finance"]);
    expect(PERMISSIONS.filter((p) => can("viewer", p))).toEqual(["payments:read"]);
  });

  it("an unknown role holds nothing", () => {
    for (const p of PERMISSIONS) expect(can("superuser", p)).toBe(false);
    expect(can("toString", "payments:read")).toBe(false);
  });
});

describe("checkAccess", () => {
  const member = (role: string, twoFactorMissing = false) => ({ user: { role }, twoFactorMissing });

  it("names the missing permission and the role", () => {
    expect(checkAccess(member("viewer"), "refunds:write")).toEqual({
      kind: "permission",
      permission: "refunds:write",
      role: "viewer",
    });
    expect(checkAccess(member("finance"), "refunds:write")).toBeUndefined();
  });

  it("a member's own account needs no permission", () => {
    for (const role of ROLES) expect(checkAccess(member(role), "own-account")).toBeUndefined();
  });

  it("the team's two-factor rule holds every role, owners too, except from enrolling", () => {
    expect(checkAccess(member("owner", true), "payments:read")).toEqual({ kind: "two-factor" });
    expect(checkAccess(member("viewer", true), "own-account")).toEqual({ kind: "two-factor" });
    expect(checkAccess(member("viewer", true), "two-factor-enrolment")).toBeUndefined();
  });
});
