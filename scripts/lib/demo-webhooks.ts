import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNull, like } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import { newWebhookSecret } from "@/lib/webhooks/new-webhook-secret";

type DemoEvent = {
  id: string;
  type: string;
  data: { payment_id: string; payment_state_version: number; status: string };
};

/**
 * The demo merchant's webhook receiver: a local HTTP server that verifies each event's signature
 * with the `standardwebhooks` library, as a merchant's own would, and prints it. Registered for
 * the demo merchant (replacing the one of an earlier run, whose port is gone), so events show up
 * in the demo's terminal while the demo link is paid.
 */
export async function startDemoWebhooks(
  db: Db,
  merchantId: string,
): Promise<{ url: string; secret: string; showEvents: () => void; close: () => Promise<void> }> {
  const secret = newWebhookSecret();
  // Lines wait until the demo has printed its banner, then follow it as events come.
  let held: string[] | undefined = [];
  const print = (line: string) => (held ? held.push(line) : console.log(line));
  const verifier = new Webhook(secret);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = verifier.verify(body, req.headers as Record<string, string>) as DemoEvent;
        print(
          `webhook  ${event.type.padEnd(20)} ${event.data.payment_id}  v${event.data.payment_state_version}  ${event.data.status}  (signature verified, ${event.id})`,
        );
        res.writeHead(204).end();
      } catch (err) {
        print(`webhook  refused: ${err instanceof Error ? err.message : String(err)}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const now = new Date();
  await db
    .update(webhookEndpoints)
    .set({ deletedAt: now })
    .where(
      and(
        eq(webhookEndpoints.merchantId, merchantId),
        like(webhookEndpoints.url, "http://127.0.0.1:%/webhooks"),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  await db.insert(webhookEndpoints).values({ id: newId("whe"), merchantId, url, secret });
  const showEvents = () => {
    const lines = held ?? [];
    held = undefined;
    lines.forEach((line) => console.log(line));
  };
  return { url, secret, showEvents, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
