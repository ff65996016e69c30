import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { dash, signUpUser, type DashboardUser } from "../support/dashboard";
import { memberWithRole, type Member } from "../support/team";

// The team's guard rails and the owner's two-factor rule, over HTTP on the production build.

type Browser = Pick<DashboardUser, "cookie" | "csrfToken">;

const setRole = (by: Browser, member: { id: string }, role: string) =>
  dash(`/dashboard/api/team/members/${member.id}`, { method: "PATCH", user: by, json: { role } });
const remove = (by: Browser, member: { id: string }) =>
  dash(`/dashboard/api/team/members/${member.id}`, { method: "DELETE", user: by });
const requireTwoFactor = (by: Browser, required: boolean) =>
  dash("/dashboard/api/team/two-factor", { method: "PUT", user: by, json: { required } });

async function idOf(user: Browser): Promise<string> {
  return (await (await dash("/dashboard/api/session", { user })).json()).user.id;
}

async function enrolTotp(user: Browser): Promise<void> {
  const started = await dash("/dashboard/api/account/two-factor", { method: "POST", user });
  expect(started.status).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await dash("/dashboard/api/account/two-factor/confirm", {
    method: "POST",
    user,
    json: { code: await generate({ secret }) },
  });
  expect(confirmed.status).toBe(200);
}

describe("team guard rails", () => {
  it("the sole owner cannot demote or remove themself; nobody changes their own role", async () => {
    const owner = await signUpUser({ businessName: "Sole Owner Shop" });
    const me = { id: await idOf(owner) };
    for (const res of [await setRole(owner, me, "admin"), await remove(owner, me)]) {
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe("invalid_state");
    }
    const admin = await memberWithRole(owner.merchantId, "admin");
    expect((await setRole(admin, admin, "viewer")).status).toBe(409);
    expect((await (await dash("/dashboard/api/session", { user: owner })).json()).user.role).toBe("owner");
  });

  it("an admin manages members but not owners: no making, demoting or removing an owner", async () => {
    const owner = await signUpUser({ businessName: "Admin Limits Shop" });
    const ownerId = { id: await idOf(owner) };
    const admin = await memberWithRole(owner.merchantId, "admin");
    const viewer = await memberWithRole(owner.merchantId, "viewer");

    for (const res of [
      await setRole(admin, ownerId, "viewer"),
      await remove(admin, ownerId),
      await setRole(admin, viewer, "owner"),
      await dash("/dashboard/api/team/invitations", {
        method: "POST",
        user: admin,
        json: { email: "new-owner@example.test", role: "owner" },
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "insufficient_permission", message: /ownership:manage/ });
    }
    const promoted = await setRole(admin, viewer, "finance");
    expect(promoted.status).toBe(200);
    // The member's open session has the new role at its next request.
    expect((await (await dash("/dashboard/api/session", { user: viewer })).json()).user.role).toBe("finance");
  });

  it("two owners: one demotes the other; a removed member's session ends at once; another merchant's member is a 404", async () => {
    const owner = await signUpUser({ businessName: "Two Owners Shop" });
    const second = await memberWithRole(owner.merchantId, "owner");
    expect((await setRole(owner, second, "developer")).status).toBe(200);
    // Now an owner no more, the second cannot touch the owner.
    expect((await setRole(second, { id: await idOf(owner) }, "viewer")).status).toBe(403);

    const finance = await memberWithRole(owner.merchantId, "finance");
    expect((await remove(owner, finance)).status).toBe(200);
    expect((await dash("/dashboard/api/session", { user: finance })).status).toBe(401);

    const stranger = await signUpUser({ businessName: "Stranger Shop" });
    const theirs = await memberWithRole(stranger.merchantId, "viewer");
    expect((await setRole(owner, theirs, "admin")).status).toBe(404);
    expect((await remove(owner, theirs)).status).toBe(404);

    // The audit log holds both changes, with who made them; the refused ones left nothing.
    const audit = await dash("/dashboard/api/audit", { user: owner });
    expect(audit.status).toBe(200);
    const { data } = (await audit.json()) as {
      data: { action: string; actor: { email: string }; target: { id: string }; details: Record<string, unknown> }[];
    };
    const team = data.filter((e) => e.action.startsWith("member."));
    expect(team.map((e) => e.action)).toEqual(["member.removed", "member.role_changed"]);
    expect(team[1]).toMatchObject({ actor: { email: owner.email }, target: { id: second.id } });
    expect(team[1]!.details).toMatchObject({ from: "owner", to: "developer" });
  });
});

describe("the owner requires two-factor sign-in of the team", () => {
  it("only an owner with a second factor turns it on; a member without one may only enrol until they do", async () => {
    const owner = await signUpUser({ businessName: "Strict Shop" });
    const member: Member = await memberWithRole(owner.merchantId, "developer");

    const early = await requireTwoFactor(owner, true);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toMatch(/your own account/);
    await enrolTotp(owner);
    expect((await requireTwoFactor(member, true)).status).toBe(403);
    expect((await requireTwoFactor(owner, true)).status).toBe(200);

    // Held: every route but enrolment and sign-out answers two_factor_required; pages send them to Account.
    const key = await dash("/dashboard/api/keys", { method: "POST", user: member, json: { name: "k" } });
    expect(key.status).toBe(403);
    expect((await key.json()).code).toBe("two_factor_required");
    expect((await dash("/dashboard/api/account/sessions", { user: member })).status).toBe(403);
    const page = await dash("/dashboard/keys", { user: member });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toContain("/dashboard/account");
    const account = await dash("/dashboard/account", { user: member });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("Your team requires two-factor sign-in");
    // The owner, with a factor, is not held.
    expect((await dash("/dashboard/api/keys", { method: "POST", user: owner, json: { name: "k" } })).status).toBe(201);

    await enrolTotp(member);
    expect((await dash("/dashboard/api/keys", { method: "POST", user: member, json: { name: "k" } })).status).toBe(201);
    expect((await dash("/dashboard/keys", { user: member })).status).toBe(200);
  });
});
