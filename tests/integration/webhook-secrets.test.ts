import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import { newWebhookSecret } from "@/lib/webhooks/new-webhook-secret";
import { api, newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { freePort, ROOT, TEST_ENV } from "../support/server";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import {
  ownScratchName,
  registerEndpoint,
  startWebhookServer,
  verifyWithBoth,
  type WebhookServer,
} from "../support/webhooks";

// Webhook signing secrets are stored sealed with SECRETS_KEY: a copy of the database signs nothing.

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  closers.push(r.close);
  return r;
}

/** Every row of the webhook tables as text (each column, jsonb included), as a read of the database gives them. */
async function webhookTablesAsText(sql: postgres.Sql): Promise<string> {
  const tables = ["webhook_endpoints", "webhook_events", "webhook_deliveries", "webhook_attempts"];
  const parts = await Promise.all(tables.map((t) => sql.unsafe(`select t::text as row from ${t} t`)));
  return parts
    .flat()
    .map((r) => String(r.row))
    .join("\n");
}

/** pg_dump of the whole database, when the client can dump this server's version (else null). */
async function dump(url: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)("pg_dump", ["--data-only", url], { maxBuffer: 512 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    if (/server version mismatch/.test(String((err as { stderr?: string }).stderr))) return null;
    throw err;
  }
}

/** Neither the secret nor its key bytes (what a receiver or a forger would use) appear in `text`. */
function expectNoSecret(text: string, secrets: string[]): void {
  for (const secret of secrets) {
    const key = secret.slice("whsec_".length);
    expect(text).not.toContain(key);
    expect(text).not.toContain(Buffer.from(key, "base64").toString("hex"));
    expect(text).not.toContain(Buffer.from(key, "base64").toString("base64url"));
  }
}

const sealedKeyIds = async (sql: postgres.Sql, id: string) => {
  const [row] = await sql`select secret, previous_secrets from webhook_endpoints where id = ${id}`;
  const values = [row!.secret as string, ...(row!.previous_secrets as { secret: string }[]).map((p) => p.secret)];
  return values.map((v) => (v.startsWith("sealed:v1:") ? v.split(":")[2] : "plaintext"));
};

describe("webhook secrets at rest", () => {
  it("a dump of the database holds no usable secret, while every delivery verifies with the secrets shown", async () => {
    const merchant = await newMerchant();
    const r = await receiver();
    const endpoint = await registerEndpoint(merchant, r.url);
    const rotated = await api(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: "POST", merchant });
    const { secret: newSecret } = (await rotated.json()) as { secret: string };
    await api(`/v1/webhook-endpoints/${endpoint.id}/test`, { method: "POST", merchant });
    const [hit] = await r.waitFor(1);
    // Signed with the secret shown at creation (in its day of overlap) and with the new one.
    verifyWithBoth(hit!, endpoint.secret);
    verifyWithBoth(hit!, newSecret);

    const { sql } = testDb();
    expectNoSecret(await webhookTablesAsText(sql), [endpoint.secret, newSecret]);
    const dumped = await dump(inject("databaseUrl"));
    if (dumped !== null) {
      expect(dumped).toContain(endpoint.id);
      expectNoSecret(dumped, [endpoint.secret, newSecret]);
    }
  });

  it("seals secrets stored in the clear by an older version at start, and they keep signing", async () => {
    const server = await startWebhookServer("hooks_legacy", { WEBHOOK_ALLOW_PRIVATE: "true" });
    closers.push(server.close);
    const merchant = await server.newMerchant();
    const r = await receiver();
    // A row as the version before sealing left it: current and replaced secret in the clear.
    const [id, secret, previous] = [newId("whe"), newWebhookSecret(), newWebhookSecret()];
    await server.db.insert(webhookEndpoints).values({
      id,
      merchantId: merchant.merchantId,
      url: r.url,
      secret,
      previousSecrets: [{ secret: previous, expiresAt: new Date(Date.now() + 3600_000).toISOString() }],
    });
    await server.restart();
    await expect.poll(() => sealedKeyIds(server.sql, id), { timeout: 10_000 }).not.toContain("plaintext");
    expectNoSecret(await webhookTablesAsText(server.sql), [secret, previous]);

    await server.call(merchant, { method: "POST", path: `/v1/webhook-endpoints/${id}/test` });
    const [hit] = await r.waitFor(1);
    verifyWithBoth(hit!, secret);
    verifyWithBoth(hit!, previous);
  });

  it("rotates SECRETS_KEY: with the new key first and the old one after it, every secret is sealed anew", async () => {
    const [oldKey, newKey, strangerKey] = [1, 2, 3].map(() => randomBytes(32).toString("base64"));
    const settings = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1s" };
    const server: WebhookServer = await startWebhookServer("hooks_key_rotation", { ...settings, SECRETS_KEY: oldKey });
    closers.push(server.close);
    const merchant = await server.newMerchant();
    const r = await receiver();
    const created = await server.call(merchant, {
      method: "POST",
      path: "/v1/webhook-endpoints",
      body: { url: r.url },
    });
    const endpoint = (await created.json()) as { id: string; secret: string };
    const [before] = await sealedKeyIds(server.sql, endpoint.id);

    await server.restart({ ...settings, SECRETS_KEY: `${newKey},${oldKey}` });
    await expect
      .poll(async () => (await sealedKeyIds(server.sql, endpoint.id))[0], { timeout: 10_000 })
      .not.toBe(before);
    // The old key can go now.
    await server.restart({ ...settings, SECRETS_KEY: newKey });
    await server.call(merchant, { method: "POST", path: `/v1/webhook-endpoints/${endpoint.id}/test` });
    verifyWithBoth((await r.waitFor(1))[0]!, endpoint.secret);

    // A key that never sealed anything opens nothing: the attempt is logged as such and nothing is sent unsigned.
    await server.restart({ ...settings, SECRETS_KEY: strangerKey });
    const { deliveryId } = (await (
      await server.call(merchant, { method: "POST", path: `/v1/webhook-endpoints/${endpoint.id}/test` })
    ).json()) as {
      deliveryId: string;
    };
    const errors = async () =>
      (await server.sql`select error from webhook_attempts where delivery_id = ${deliveryId}`).map((a) => a.error);
    await expect.poll(errors, { timeout: 10_000 }).toEqual([expect.stringMatching(/cannot be read/)]);
    expect(r.received).toHaveLength(1);
    const [row] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secret.startsWith("sealed:v1:")).toBe(true);
  }, 150_000); // four server starts: 45 s and more on a busy 2-core CI machine

  it("a deployment (PUBLIC_BASE_URL not loopback) without SECRETS_KEY refuses to serve, and says why", async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...TEST_ENV,
      DATABASE_URL: await scratchDatabaseUrl(ownScratchName("hooks_no_key")),
      PUBLIC_BASE_URL: "https://pay.example.com",
      PORT: String(port),
    };
    delete env.SECRETS_KEY;
    const child = spawn(process.execPath, [join(ROOT, "scripts", "serve.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
      cwd: ROOT,
      env,
      detached: true,
    });
    closers.push(async () => {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const healthz = () =>
      fetch(`http://127.0.0.1:${port}/healthz`)
        .then((res) => res.status)
        .catch(() => 0);
    await expect.poll(() => output, { timeout: 30_000 }).toMatch(/SECRETS_KEY is required/);
    expect(await healthz()).not.toBe(200);
  });
});
