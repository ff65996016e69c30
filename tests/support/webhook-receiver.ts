import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; at: number; path: string };
/** What the receiver answers to its n-th request (1-based, to `path`): a status, or "hang" to never answer. */
export type Answer = number | "hang";

/**
 * A merchant's webhook receiver on 127.0.0.1: keeps every request's raw body and headers (to verify
 * signatures as a real receiver does) and answers as the test says (status, and body if given).
 */
export async function startWebhookReceiver(
  opts: { answer?: (n: number, path: string) => Answer; body?: (n: number) => string | Buffer } = {},
) {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now(), path });
      waiters.forEach((w) => w());
      const answer = opts.answer?.(received.length, path) ?? 200;
      if (answer === "hang") return;
      const body = opts.body?.(received.length) ?? (answer < 300 ? "ok" : `answered ${answer}`);
      res.writeHead(answer, { "content-type": "text/plain" }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Resolve once `count` requests have arrived; reject after `timeoutMs`. */
    waitFor(count: number, timeoutMs = 30_000): Promise<ReceivedWebhook[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice());
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver got ${received.length} of ${count} webhooks in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
