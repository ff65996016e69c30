import { describe, expect, it } from "vitest";
import { ROLES, can, type Permission, type Role } from "@/lib/team/permissions";
import { dash, signUpUser } from "../support/dashboard";
import { memberWithRole, type Member } from "../support/team";

// Every role against a representative dashboard route per permission, over HTTP on the production build:
// a role without the permission gets 403 insufficient_permission naming it, and nothing happens; a role
// with it gets past the check (the route then answers for the request itself: 200, or 400/404 for the
// deliberately empty body or unknown id, which proves the permission check let it through).

const ROUTES: Record<Exclude<Permission, "payments:read">, { path: string; method: string; json?: unknown }> = {
  "payments:export": { path: "/dashboard/api/payments/export", method: "GET" },
  "payments:resolve": { path: "/dashboard/api/payments/pay_0000000000000000000000/mark-paid", method: "POST" },
  "refunds:write": { path: "/dashboard/api/payments/pay_0000000000000000000000/mark-refunded", method: "POST" },
  "links:manage": { path: "/dashboard/api/payment-links", method: "POST", json: {} },
  "keys:manage": { path: "/dashboard/api/keys", method: "POST", json: {} },
  "webhooks:manage": { path: "/dashboard/api/webhooks", method: "POST", json: {} },
  "settings:manage": { path: "/dashboard/api/settings", method: "PUT", json: {} },
  "team:manage": { path: "/dashboard/api/team/invitations", method: "POST", json: {} },
  "audit:read": { path: "/dashboard/api/audit", method: "GET" },
  "ownership:manage": { path: "/dashboard/api/team/two-factor", method: "PUT", json: {} },
};

// Pages: the one permission each needs, shown by name to a role without it.
const PAGES: [string, Permission][] = [
  ["/dashboard", "payments:read"],
  ["/dashboard/payments", "payments:read"],
  ["/dashboard/keys", "keys:manage"],
  ["/dashboard/webhooks", "webhooks:manage"],
  ["/dashboard/settings", "settings:manage"],
  ["/dashboard/team", "team:manage"],
  ["/dashboard/audit", "audit:read"],
];

async function teamOfEveryRole(): Promise<Record<Role, Member>> {
  const owner = await signUpUser({ businessName: "Role Matrix Shop" });
  const team = {} as Record<Role, Member>;
  for (const role of ROLES) team[role] = await memberWithRole(owner.merchantId, role);
  return team;
}

describe("dashboard roles", () => {
  it("each role is allowed or refused (403 insufficient_permission, the permission named) on each permission's route", async () => {
    const team = await teamOfEveryRole();
    for (const role of ROLES) {
      for (const [permission, r] of Object.entries(ROUTES) as [Permission, (typeof ROUTES)["keys:manage"]][]) {
        const res = await dash(r.path, { method: r.method, user: team[role], json: r.json });
        const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
        const seen = `${role} ${permission} -> ${res.status} ${JSON.stringify(body).slice(0, 120)}`;
        if (can(role, permission)) {
          expect(res.status, seen).not.toBe(403);
          expect([200, 400, 404], seen).toContain(res.status);
        } else {
          expect(res.status, seen).toBe(403);
          expect(body, seen).toMatchObject({ code: "insufficient_permission" });
          expect(body.message, seen).toContain(permission);
          expect(body.message, seen).toContain(role);
        }
      }
    }
  });

  it("a page a role may not see says which permission it needs, and its nav link is hidden", async () => {
    const team = await teamOfEveryRole();
    for (const role of ROLES) {
      for (const [path, permission] of PAGES) {
        const html = await (await dash(path, { user: team[role] })).text();
        const refused = html.includes('data-testid="missing-permission"');
        expect(`${role} ${path} refused=${refused}`).toBe(`${role} ${path} refused=${!can(role, permission)}`);
        if (refused) expect(html).toContain(`<code>${permission}</code>`);
      }
      const nav = await (await dash("/dashboard", { user: team[role] })).text();
      expect(nav.includes('href="/dashboard/keys"'), role).toBe(can(role, "keys:manage"));
      expect(nav.includes('href="/dashboard/team"'), role).toBe(can(role, "team:manage"));
    }
  });

  it("every role manages its own account and reads who it is, with its role", async () => {
    const team = await teamOfEveryRole();
    for (const role of ROLES) {
      const me = await dash("/dashboard/api/session", { user: team[role] });
      expect(me.status).toBe(200);
      expect((await me.json()).user).toMatchObject({ email: team[role].email, role });
      expect((await dash("/dashboard/api/account/sessions", { user: team[role] })).status).toBe(200);
    }
  });
});
