import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieOf, uniqueClientIp, uniqueEmail } from "../support/dashboard";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

// Invitations by email, against a server that sends through a real SMTP server on loopback: the link
// makes a new account in the inviter's team with the role, once; a revoked or spent link is refused,
// and an address that already has an account cannot be invited.

let server: RunningServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ SMTP_URL: sink.url, EMAIL_FROM: "Shop <pay@shop.test>", SIGN_UP: "open" }, "team");
});
afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

type Browser = { cookie: string; csrfToken: string };

function call(path: string, init: { method?: string; json?: unknown; user?: Browser } = {}) {
  const headers: Record<string, string> = { origin: server.url, "x-forwarded-for": uniqueClientIp() };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.user) Object.assign(headers, { cookie: init.user.cookie, "x-csrf-token": init.user.csrfToken });
  return fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    redirect: "manual",
  });
}

async function browserOf(res: Response): Promise<Browser> {
  const cookie = sessionCookieOf(res)!;
  const session = await (await call("/dashboard/api/session", { user: { cookie, csrfToken: "" } })).json();
  return { cookie, csrfToken: session.csrfToken };
}

async function signUp(businessName: string): Promise<Browser> {
  const res = await call("/dashboard/api/sign-up", {
    json: { businessName, email: uniqueEmail("owner"), password: "the owner's passphrase" },
  });
  expect(res.status).toBe(201);
  return browserOf(res);
}

async function invite(by: Browser, email: string, role: string): Promise<string> {
  const res = await call("/dashboard/api/team/invitations", { json: { email, role }, user: by });
  expect(res.status).toBe(201);
  // Addresses are kept lowercased, whatever the case typed.
  const to = email.toLowerCase();
  const mail = await sink.waitFor((m) => m.to.includes(to) && !m.text.includes("(used)"));
  mail.text += "(used)"; // the next invitation to the same address waits for its own email
  const link = /https?:\/\/\S+\/dashboard\/join#token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  return new URL(link!).hash.slice("#token=".length);
}

describe("team invitations by email", () => {
  it("the emailed link makes an account in the team with the role, once; the member is signed in", async () => {
    const owner = await signUp("Inviting Shop");
    const email = uniqueEmail("finance");
    const token = await invite(owner, email.toUpperCase(), "finance");
    const mail = sink.received.find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe("You are invited to Inviting Shop's payment dashboard");
    expect(mail.text).toContain("as finance");

    const preview = await call("/dashboard/api/invitation", { json: { token } });
    expect(await preview.json()).toEqual({ email, role: "finance", merchantName: "Inviting Shop" });
    const joined = await call("/dashboard/api/invitation/accept", {
      json: { token, password: "the member's passphrase" },
    });
    expect(joined.status).toBe(201);
    const member = await browserOf(joined);
    const me = await (await call("/dashboard/api/session", { user: member })).json();
    const mine = await (await call("/dashboard/api/session", { user: owner })).json();
    expect(me.user).toMatchObject({ email, role: "finance" });
    expect(me.merchant.id).toBe(mine.merchant.id);

    const again = await call("/dashboard/api/invitation/accept", { json: { token, password: "another passphrase" } });
    expect(again.status).toBe(409);
    // The new account signs in with its password.
    const signIn = await call("/dashboard/api/sign-in", { json: { email, password: "the member's passphrase" } });
    expect(signIn.status).toBe(200);
    // And appears on the team page with its role; the invitation is no longer pending.
    const page = await (await call("/dashboard/team", { user: owner })).text();
    expect(page).toContain(email);
    expect(page).not.toContain(`${email} as finance`);
  });

  it("a revoked invitation's link is refused; so is a re-sent one's older link", async () => {
    const owner = await signUp("Revoking Shop");
    const email = uniqueEmail("revoked");
    const first = await invite(owner, email, "viewer");
    const second = await invite(owner, email, "developer");
    expect((await call("/dashboard/api/invitation", { json: { token: first } })).status).toBe(409);
    const page = await (await call("/dashboard/team", { user: owner })).text();
    expect(page).toContain(`${email} as developer`);
    const id = /inv_[0-9A-Za-z]+/.exec(page)?.[0];
    expect(id).toBeDefined();
    const stranger = await signUp("Stranger Shop");
    expect((await call(`/dashboard/api/team/invitations/${id}`, { method: "DELETE", user: stranger })).status).toBe(
      404,
    );
    expect((await call(`/dashboard/api/team/invitations/${id}`, { method: "DELETE", user: owner })).status).toBe(200);
    const accept = await call("/dashboard/api/invitation/accept", {
      json: { token: second, password: "a passphrase!" },
    });
    expect(accept.status).toBe(409);
    expect((await accept.json()).message).toMatch(/expired, was revoked or was already used/);
  });

  it("an address that already has an account is refused clearly, and no email goes out", async () => {
    const owner = await signUp("Taken Shop");
    const other = await signUp("Other Shop");
    const taken = (await (await call("/dashboard/api/session", { user: other })).json()).user.email as string;
    const before = sink.received.length;
    const res = await call("/dashboard/api/team/invitations", { json: { email: taken, role: "viewer" }, user: owner });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "email_taken", message: /already has an account/ });
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received.slice(before).some((m) => m.to.includes(taken))).toBe(false);
  });
});
