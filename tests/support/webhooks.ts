import { join } from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { api, type TestMerchant } from "./api";
import { testDatabaseUrl } from "./database-url";
import { scratchDatabaseUrl } from "./scratch-database";
import { ARTIFACTS, startServer, type RunningServer } from "./server";
import type { ReceivedWebhook } from "./webhook-receiver";

export type WebhookEvent = {
  id: string;
  type: string;
  api_version: string;
  created_at: string;
  data: { payment_id: string; payment_state_version: number; status: string; live: boolean } & Record<string, unknown>;
};

/** Register an endpoint as a merchant does, over the API; returns its id and secret (shown this once). */
export async function registerEndpoint(
  merchant: TestMerchant,
  url: string,
  events: string[] | null = null,
): Promise<{ id: string; secret: string }> {
  const res = await api("/v1/webhook-endpoints", {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(events ? { url, events } : { url }),
  });
  if (res.status !== 201) throw new Error(`registering ${url} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; secret: string };
}

const header = (r: ReceivedWebhook, name: string) => String(r.headers[name] ?? "");

/**
 * Verify a received webhook as merchants' receivers do, with both libraries unchanged: the
 * `standardwebhooks` one on the `webhook-*` headers and `svix` on the `svix-*` twins. Throws when
 * either refuses; returns the parsed event.
 */
export function verifyWithBoth(received: ReceivedWebhook, secret: string): WebhookEvent {
  new StandardWebhook(secret).verify(received.body, {
    "webhook-id": header(received, "webhook-id"),
    "webhook-timestamp": header(received, "webhook-timestamp"),
    "webhook-signature": header(received, "webhook-signature"),
  });
  new SvixWebhook(secret).verify(received.body, {
    "svix-id": header(received, "svix-id"),
    "svix-timestamp": header(received, "svix-timestamp"),
    "svix-signature": header(received, "svix-signature"),
  });
  return JSON.parse(received.body) as WebhookEvent;
}

/** The events of one payment, deduplicated by id and ordered by state version, as a careful receiver keeps them. */
export function eventsOf(events: WebhookEvent[], paymentId: string): WebhookEvent[] {
  const byId = new Map(events.filter((e) => e.data.payment_id === paymentId).map((e) => [e.id, e]));
  return [...byId.values()].sort((a, b) => a.data.payment_state_version - b.data.payment_state_version);
}

/** A scratch database named after this run's own, so checkouts sharing one PostgreSQL never take each other's. */
export function ownScratchName(name: string): string {
  return `${new URL(testDatabaseUrl()).pathname.slice(1).replace(/\W/g, "_") || "test"}_${name}`;
}

export type WebhookServer = {
  server: RunningServer;
  db: Db;
  sql: postgres.Sql;
  /** A merchant of this server's database, with its API key. */
  newMerchant(): Promise<TestMerchant>;
  /** Call the merchant API of this server as `merchant`. */
  call(merchant: TestMerchant, options: { method: string; path: string; body?: unknown }): Promise<Response>;
  /** Stop the server (and start it again with other settings: `restart`); the database stays. */
  restart(env?: Record<string, string | undefined>): Promise<void>;
  close(): Promise<void>;
};

/**
 * A server of the test's own on a scratch database of its own (no other server's worker takes its
 * deliveries), with the settings a test needs.
 */
export async function startWebhookServer(
  name: string,
  env: Record<string, string | undefined>,
): Promise<WebhookServer> {
  const url = await scratchDatabaseUrl(ownScratchName(name));
  const base = { DATABASE_URL: url, EXPIRY_JOB_INTERVAL_MS: "0", DEVNET_FILE: join(ARTIFACTS, "no-devnet.json") };
  const server = await startServer({ ...base, ...env }, name);
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const db = drizzle(sql, { schema }) as unknown as Db;
  let counter = 0;
  const handle: WebhookServer = {
    server,
    db,
    sql,
    newMerchant: () => createMerchant(db, { name: `${name} shop ${++counter}`, currency: "USD" }),
    call: (merchant, { method, path, body }) =>
      fetch(`${handle.server.url}${path}`, {
        method,
        headers: {
          "api-key": merchant.apiKey,
          "merchant-id": merchant.merchantId,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    restart: async (next = env) => {
      await handle.server.stop();
      handle.server = await startServer({ ...base, ...next }, name);
    },
    close: async () => {
      await handle.server.stop();
      await sql.end({ timeout: 5 });
    },
  };
  return handle;
}
