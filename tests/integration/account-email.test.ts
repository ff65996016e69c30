import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueClientIp, uniqueEmail } from "../support/dashboard";
import { sessionCookieOf } from "../support/dashboard";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

// A user's own account, against a server that sends its email through a real SMTP server on loopback:
// "Forgot your password?" mails a single-use link that sets a new password; the answer is the same
// for an address with no account, which gets no email. A signed-in user changes their password (the
// current one required) and manages their sessions.

let server: RunningServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer(
    { SMTP_URL: sink.url, EMAIL_FROM: "Shop payments <pay@shop.test>", SIGN_UP: "open" },
    "email",
  );
});
afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

type Browser = { cookie: string; csrfToken: string };

function call(path: string, init: { method?: string; json?: unknown; user?: Browser; ip?: string } = {}) {
  const headers: Record<string, string> = { origin: server.url, "x-forwarded-for": init.ip ?? uniqueClientIp() };
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

async function signUp(email: string, password: string): Promise<Browser> {
  const res = await call("/dashboard/api/sign-up", { json: { businessName: "Mail Shop", email, password } });
  expect(res.status).toBe(201);
  return browserOf(res);
}

async function signIn(email: string, password: string): Promise<Response> {
  return call("/dashboard/api/sign-in", { json: { email, password } });
}

describe("password reset by email and the user's own account", () => {
  it("a reset link emailed through SMTP sets a new password once and signs every session out", async () => {
    const email = uniqueEmail("reset");
    const browser = await signUp(email, "the first passphrase");
    const asked = await call("/dashboard/api/forgot-password", { json: { email: email.toUpperCase() } });
    expect(asked.status).toBe(202);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.from).toContain("pay@shop.test");
    expect(mail.subject).toBe("Reset your dashboard password");
    const link = /https?:\/\/\S+\/dashboard\/reset-password#token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).hash.slice("#token=".length);

    const reset = await call("/dashboard/api/reset-password", { json: { token, password: "a second passphrase" } });
    expect(reset.status).toBe(200);
    expect((await call("/dashboard/api/session", { user: browser })).status).toBe(401);
    expect((await signIn(email, "the first passphrase")).status).toBe(401);
    expect((await signIn(email, "a second passphrase")).status).toBe(200);
    const again = await call("/dashboard/api/reset-password", { json: { token, password: "a third passphrase" } });
    expect(again.status).toBe(409);
  });

  it("an address with no account gets the same answer and no email; asking too often is a 429", async () => {
    const nobody = uniqueEmail("nobody");
    const before = sink.received.length;
    const res = await call("/dashboard/api/forgot-password", { json: { email: nobody } });
    expect(res.status).toBe(202);
    const known = uniqueEmail("known");
    await signUp(known, "the first passphrase");
    const res2 = await call("/dashboard/api/forgot-password", { json: { email: known } });
    expect(await res2.json()).toEqual(await res.json());
    await sink.waitFor((m) => m.to.includes(known));
    expect(sink.received.slice(before).some((m) => m.to.includes(nobody))).toBe(false);

    // One address gets at most 3 messages an hour, whoever asks from wherever.
    for (let i = 0; i < 2; i++) {
      expect((await call("/dashboard/api/forgot-password", { json: { email: known } })).status).toBe(202);
    }
    expect((await call("/dashboard/api/forgot-password", { json: { email: known } })).status).toBe(429);
    expect((await call("/dashboard/api/forgot-password", { json: { email: "not an email" } })).status).toBe(400);
  });

  it("changing the password needs the current one and signs every other session out, not this one", async () => {
    const email = uniqueEmail("change");
    const here = await signUp(email, "the first passphrase");
    const elsewhere = await browserOf(await signIn(email, "the first passphrase"));

    const wrong = await call("/dashboard/api/account/password", {
      json: { currentPassword: "not it at all", newPassword: "a second passphrase" },
      user: here,
    });
    expect(wrong.status).toBe(401);
    expect((await call("/dashboard/api/session", { user: elsewhere })).status).toBe(200);

    const changed = await call("/dashboard/api/account/password", {
      json: { currentPassword: "the first passphrase", newPassword: "a second passphrase" },
      user: here,
    });
    expect(changed.status).toBe(200);
    expect((await call("/dashboard/api/session", { user: here })).status).toBe(200);
    expect((await call("/dashboard/api/session", { user: elsewhere })).status).toBe(401);
    expect((await signIn(email, "a second passphrase")).status).toBe(200);
  });

  it("lists the user's sessions, signs one out, then every other, and never another user's", async () => {
    const email = uniqueEmail("sessions");
    const here = await signUp(email, "the first passphrase");
    const second = await browserOf(await signIn(email, "the first passphrase"));
    const third = await browserOf(await signIn(email, "the first passphrase"));
    const listed = (await (await call("/dashboard/api/account/sessions", { user: here })).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.filter((s) => s.current)).toHaveLength(1);

    // A stranger cannot end these sessions by their ids.
    const stranger = await signUp(uniqueEmail("stranger"), "the first passphrase");
    const other = listed.sessions.find((s) => !s.current)!;
    expect(
      (await call(`/dashboard/api/account/sessions/${other.id}`, { method: "DELETE", user: stranger })).status,
    ).toBe(404);

    expect((await call(`/dashboard/api/account/sessions/${other.id}`, { method: "DELETE", user: here })).status).toBe(
      200,
    );
    const alive = [second, third].map((b) => call("/dashboard/api/session", { user: b }));
    expect((await Promise.all(alive)).map((r) => r.status).sort()).toEqual([200, 401]);

    const everywhere = await call("/dashboard/api/account/sessions", { method: "DELETE", user: here });
    expect(await everywhere.json()).toEqual({ ended: 1 });
    for (const b of [second, third]) expect((await call("/dashboard/api/session", { user: b })).status).toBe(401);
    expect((await call("/dashboard/api/session", { user: here })).status).toBe(200);
  });
});
