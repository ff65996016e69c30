import { createServer, type AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { notificationSends, webhookEndpoints } from "@/db/schema";
import { createUser } from "@/lib/dashboard/create-user";
import { createPaymentWith, gatewayAt, optionForDevnetBuyer } from "../support/devnet-buyer";
import { uniqueClientIp, uniqueEmail } from "../support/dashboard";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

// Notification emails through a real SMTP server, from two instances on one database: a payment paid
// late on the devnet emails the member who wants payment exceptions once (not twice, whichever instance
// plans and sends it) and not the member who turned them off; an endpoint the delivery worker disables
// emails the owner; a sign-in from a new browser emails the user, the same browser again does not.

const PASSWORD = "correct horse battery";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let setup: ProxiedSetup;
let a: RunningServer;
let b: RunningServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

/** A port nothing listens on: deliveries to it fail at once. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  setup = await proxiedSetup("notification_emails");
  const env = {
    SMTP_URL: sink.url,
    EMAIL_FROM: "Shop payments <pay@shop.test>",
    NOTIFIER_INTERVAL_MS: "300",
    EXPIRY_JOB_INTERVAL_MS: "500",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s",
    WEBHOOK_DISABLE_AFTER: "1s",
  };
  [a, b] = await Promise.all([setup.start("a", env), setup.start("b", env)]);
});
afterAll(async () => {
  await setup?.close();
  await sink?.stop();
});

type Browser = { cookie: string; csrfToken: string };

/** Sign in at `server` as a browser would; `device` is the browser's device cookie from an earlier sign-in. */
async function signIn(server: RunningServer, email: string, device?: string): Promise<Browser & { device: string }> {
  const res = await fetch(`${server.url}/dashboard/api/sign-in`, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": "application/json",
      "x-forwarded-for": uniqueClientIp(),
      "user-agent": "NotifyTest/1.0",
      ...(device ? { cookie: device } : {}),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const cookie = cookies.find((c) => c.startsWith("dash_session="))!;
  const session = await (await fetch(`${server.url}/dashboard/api/session`, { headers: { cookie } })).json();
  return { cookie, csrfToken: session.csrfToken, device: cookies.find((c) => c.startsWith("dash_device="))! };
}

const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email));

describe("notification emails", () => {
  it("a late payment on the devnet emails the member who wants exceptions once, from two instances, and not the one who opted out", async () => {
    const owner = uniqueEmail("owner");
    const clerk = uniqueEmail("clerk");
    await createUser(setup.db, { merchantId: setup.merchant.merchantId, email: owner, password: PASSWORD });
    await createUser(setup.db, { merchantId: setup.merchant.merchantId, email: clerk, password: PASSWORD });
    // The clerk turns payment exception emails off on the Account page (every user is an owner today, so on by default).
    const clerkBrowser = await signIn(b, clerk);
    const saved = await fetch(`${b.url}/dashboard/api/account/notifications`, {
      method: "PUT",
      headers: {
        origin: b.url,
        "content-type": "application/json",
        cookie: clerkBrowser.cookie,
        "x-csrf-token": clerkBrowser.csrfToken,
      },
      body: JSON.stringify({ payment_exceptions: false }),
    });
    expect(await saved.json()).toEqual({ payment_exceptions: false, webhook_disabled: true });

    // Paid after it expired: the wallet's confirm is refused (410) and the payment records it as paid late.
    const { paymentId } = await createPaymentWith(a, setup.merchant, {
      amount: { unit: "iso4217/USD", value: "317" },
      referenceId: "late-notify",
      expiresAt: Math.floor(Date.now() / 1000) + 3,
    });
    const { option, wallet } = await optionForDevnetBuyer(a, {
      paymentId,
      namespace: "eip155",
      symbol: "USDT",
      buyerIndex: 1,
      devnet: inject("devnet"),
    });
    await sleep(3500);
    const hash = await wallet(option.actions[0]!);
    const confirm = await gatewayAt(a, { paymentId, path: "/confirm", body: { optionId: option.id, results: [hash] } });
    expect(confirm.status).toBe(410);

    const mail = await sink.waitFor((m) => m.to.includes(owner) && m.subject.includes(paymentId), 30_000);
    expect(mail.from).toContain("pay@shop.test");
    expect(mail.subject).toBe(`Payment ${paymentId} needs attention: it was paid after it had expired`);
    expect(mail.text).toContain("order late-notify");
    expect(mail.text).toContain(hash);
    expect(mail.text).toContain(`/dashboard/payments/${paymentId}`);

    // Both instances keep planning and sending for a while: still one email, and none to the clerk.
    await sleep(3000);
    expect(mailsTo(owner).filter((m) => m.subject.includes(paymentId))).toHaveLength(1);
    expect(mailsTo(clerk).filter((m) => m.subject.includes(paymentId))).toHaveLength(0);
    const rows = await setup.db
      .select({ toEmail: notificationSends.toEmail, status: notificationSends.status })
      .from(notificationSends)
      .where(eq(notificationSends.kind, "payment_exceptions"));
    expect(rows.sort((x, y) => x.toEmail.localeCompare(y.toEmail))).toEqual(
      [
        { toEmail: owner, status: "sent" },
        { toEmail: clerk, status: "skipped" },
      ].sort((x, y) => x.toEmail.localeCompare(y.toEmail)),
    );
  });

  it("an endpoint the delivery worker disables after failing emails the owner", async () => {
    const owner = uniqueEmail("hooks");
    await createUser(setup.db, { merchantId: setup.merchant.merchantId, email: owner, password: PASSWORD });
    const res = await fetch(`${a.url}/v1/webhook-endpoints`, {
      method: "POST",
      headers: {
        "api-key": setup.merchant.apiKey,
        "merchant-id": setup.merchant.merchantId,
        "content-type": "application/json",
      },
      body: JSON.stringify({ url: `http://127.0.0.1:${await closedPort()}/hooks` }),
    });
    expect(res.status).toBe(201);
    const endpoint = (await res.json()) as { id: string; url: string };
    // An event to deliver: a new payment.
    await createPaymentWith(a, setup.merchant, { amount: { unit: "iso4217/USD", value: "101" }, referenceId: "hook" });

    const mail = await sink.waitFor((m) => m.to.includes(owner) && m.text.includes(endpoint.id), 30_000);
    expect(mail.subject).toBe("A webhook endpoint was disabled after failing deliveries");
    expect(mail.text).toContain(endpoint.url);
    const [row] = await setup.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ disabledReason: "failing" });
    await sleep(2000);
    expect(mailsTo(owner).filter((m) => m.text.includes(endpoint.id))).toHaveLength(1);
  });

  it("a sign-in from a new browser emails the user; the same browser again does not", async () => {
    const email = uniqueEmail("device");
    await createUser(setup.db, { merchantId: setup.merchant.merchantId, email: email, password: PASSWORD });
    // The first sign-in ever: the user's first browser, no news.
    const first = await signIn(a, email);
    expect(first.device).toMatch(/^dash_device=[A-Za-z0-9_-]{43}$/);
    // The same browser again, on the other instance: known.
    await signIn(b, email, first.device);
    // Another browser.
    const other = await signIn(a, email);
    expect(other.device).not.toBe(first.device);
    const newSignIn = (m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === "New sign-in to your dashboard account";
    const mail = await sink.waitFor(newSignIn, 20_000);
    expect(mail.text).toContain("NotifyTest/1.0");
    await signIn(b, email, other.device);
    await signIn(a, email, first.device);
    await sleep(2000);
    expect(sink.received.filter(newSignIn)).toHaveLength(1);
    const sends = await setup.db
      .select()
      .from(notificationSends)
      .where(and(eq(notificationSends.kind, "new_device"), eq(notificationSends.toEmail, email)));
    expect(sends).toHaveLength(1);
  });
});
