import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Arrival = { eventId: string; type: string; changedAt: number; arrivedAt: number };

/** One merchant endpoint on a receiver: its own path, signing secret and behaviour. */
export type BenchEndpoint = {
  url: string;
  hang: boolean;
  /** Shown once when the endpoint is registered. */
  secret: string;
  arrivals: Arrival[];
  refused: number;
};

/**
 * A host that merchants' endpoints live on, one path each: verifies each signature as a real receiver
 * would (standardwebhooks) and notes when each event's change happened (its `created_at`) and when it
 * arrived. A healthy endpoint answers 200 at once; a hanging one takes the request and never answers,
 * so every attempt to it runs into the service's timeout (a merchant's stuck server, seen from outside).
 */
export async function startBenchReceiver() {
  const endpoints = new Map<string, BenchEndpoint>();
  const server = createServer((req, res) => {
    const endpoint = endpoints.get(req.url ?? "");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const arrivedAt = Date.now();
      if (!endpoint) return res.writeHead(404).end();
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = new Webhook(endpoint.secret).verify(body, req.headers as Record<string, string>) as {
          id: string;
          type: string;
          created_at: string;
        };
        endpoint.arrivals.push({
          eventId: event.id,
          type: event.type,
          changedAt: Date.parse(event.created_at),
          arrivedAt,
        });
        if (!endpoint.hang) res.writeHead(200).end();
      } catch {
        endpoint.refused++;
        res.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  // A hanging request is never answered: only the service's own timeout ends it.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** A new endpoint on this host; set its `secret` once registered. */
    endpoint({ hang }: { hang: boolean }): BenchEndpoint {
      const path = `/webhooks/${endpoints.size + 1}`;
      const endpoint = { url: `${origin}${path}`, hang, secret: "", arrivals: [], refused: 0 };
      endpoints.set(path, endpoint);
      return endpoint;
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
