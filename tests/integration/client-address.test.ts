import { describe, expect, it } from "vitest";
import { uniqueClientIp } from "../support/client-ip";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { startServer } from "../support/server";

// The client address that per-client limits count comes from the connection (scripts/serve.mjs), not
// from an X-Forwarded-For the client wrote, unless TRUST_PROXY_HOPS says proxies of the operator's
// stand in front. An unknown payment answers 404 and still counts: the limit comes first.

const LIMIT = 5;

async function statusesOf(url: string, forwardedFor: () => string, calls = 8): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i++) {
    const res = await fetch(`${url}/v1/gateway/payment/pay_0000000000000000000000/options`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor() },
      body: JSON.stringify({ accounts: ["eip155:1:0x0000000000000000000000000000000000000001"] }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

async function withServer(hops: string, run: (url: string) => Promise<void>) {
  const server = await startServer(
    {
      DATABASE_URL: await scratchDatabaseUrl("client_address"),
      EXPIRY_JOB_INTERVAL_MS: "0",
      GATEWAY_OPTIONS_PER_MINUTE: String(LIMIT),
      TRUST_PROXY_HOPS: hops,
    },
    `client-address-${hops}`,
  );
  try {
    await run(server.url);
  } finally {
    await server.stop();
  }
}

describe("the client address behind per-client limits", () => {
  it("with no trusted proxy (the default), a client naming a new X-Forwarded-For per request still reaches its limit", async () => {
    await withServer("0", async (url) => {
      const statuses = await statusesOf(url, uniqueClientIp);
      expect(statuses).toEqual([...Array(LIMIT).fill(404), ...Array(8 - LIMIT).fill(429)]);
    });
  });

  it("with one trusted proxy, the address it appended counts: what the client wrote before it does not", async () => {
    await withServer("1", async (url) => {
      // Each request through the proxy from another client: each its own budget.
      expect(await statusesOf(url, uniqueClientIp)).toEqual(Array(8).fill(404));
      // One client writing a new address of its own before the one the proxy appended: one budget.
      const client = uniqueClientIp();
      const statuses = await statusesOf(url, () => `${uniqueClientIp()}, ${client}`);
      expect(statuses).toEqual([...Array(LIMIT).fill(404), ...Array(8 - LIMIT).fill(429)]);
    });
  });
});
