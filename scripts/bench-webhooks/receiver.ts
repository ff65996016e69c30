import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Arrival = { eventId: string; type: string; changedAt: number; arrivedAt: number };

/**
 * The merchant's receiver: verifies each signature as a real one would (standardwebhooks), answers
 * 200 at once, and notes when each event's change happened (its `created_at`) and when it arrived.
 */
export async function startBenchReceiver(secret: () => string) {
  const arrivals: Arrival[] = [];
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const arrivedAt = Date.now();
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = new Webhook(secret()).verify(body, req.headers as Record<string, string>) as {
          id: string;
          type: string;
          created_at: string;
        };
        arrivals.push({ eventId: event.id, type: event.type, changedAt: Date.parse(event.created_at), arrivedAt });
        res.writeHead(200).end();
      } catch {
        refused++;
        res.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    arrivals,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
