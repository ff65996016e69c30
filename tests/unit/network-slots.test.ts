import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankEndpoints, endpointRecord } from "@/lib/chains/rpc-endpoints";
import { endpointFetch } from "@/lib/chains/rpc-fetch";
import { currentDeadline, DeadlineExceededError, outsideDeadline, withDeadline } from "@/lib/concurrency/deadline";
import { createNetworkSlots } from "@/lib/concurrency/network-slots";

// A node on loopback that answers /ok at once and never answers /hang.
let node: Server;
let base = "";
const hanging: import("node:http").ServerResponse[] = [];
beforeAll(async () => {
  node = createServer((req, res) => {
    if (req.url === "/hang") return void hanging.push(res);
    if (req.url === "/busy") return void res.writeHead(503).end("busy");
    res.writeHead(200, { "content-type": "application/json" }).end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
  });
  await new Promise<void>((r) => node.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((r) => node.close(() => r()));
});

const never = () => new Promise<never>(() => {});

describe("network slots", () => {
  it("limit what runs per key, each key on its own, and free a slot when its task settles", async () => {
    const slots = createNetworkSlots(2);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const a = [slots.run("solana", 60_000, () => held), slots.run("solana", 60_000, () => held)];
    expect(slots.free("solana")).toBe(0);
    expect(slots.free("eip155:1")).toBe(2);
    await slots.run("eip155:1", 60_000, async () => expect(slots.inFlight("eip155:1")).toBe(1));
    expect(slots.free("eip155:1")).toBe(2);
    release();
    await Promise.all(a);
    expect(slots.free("solana")).toBe(2);
  });

  it("give a slot back at the task's deadline even if the task never settles", async () => {
    const slots = createNetworkSlots(1);
    const started = Date.now();
    await expect(slots.run("solana", 100, never)).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(slots.free("solana")).toBe(1);
  });
});

describe("deadlines", () => {
  it("abort the RPC calls the task has in flight, and fail at once those it starts after", async () => {
    const url = `${base}/hang`;
    const call = endpointFetch("test:deadline", url, 60_000);
    let inFlight: Promise<unknown> | undefined;
    const started = Date.now();
    await expect(
      withDeadline(150, async () => {
        inFlight = call(url, { method: "POST", body: "{}" }).catch((e: unknown) => e);
        return never();
      }),
    ).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(await inFlight).toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The task gave up: that says nothing of the endpoint.
    expect(endpointRecord("test:deadline", url)).toBeUndefined();
  });

  it("are not inherited by what runs outside them", async () => {
    await withDeadline(1_000, async () => {
      expect(currentDeadline()).toBeDefined();
      expect(outsideDeadline(() => currentDeadline())).toBeUndefined();
    });
    expect(currentDeadline()).toBeUndefined();
  });
});

describe("RPC endpoints", () => {
  it("time out a silent node, record refusals, non-2xx answers and answers in words without the URL", async () => {
    const chain = "test:outcomes";
    const hang = `${base}/hang`;
    const started = Date.now();
    await expect(endpointFetch(chain, hang, 200)(hang, { method: "POST", body: "{}" })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(endpointRecord(chain, hang)).toMatchObject({
      lastError: expect.stringMatching(/^no answer within \d+ ms$/),
    });

    const busy = `${base}/busy`;
    expect((await endpointFetch(chain, busy, 1_000)(busy, { method: "POST", body: "{}" })).status).toBe(503);
    expect(endpointRecord(chain, busy)).toMatchObject({ lastError: "HTTP 503", samples: [{ ok: false }] });

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const refused = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v2/secret-key`;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(endpointFetch(chain, refused, 1_000)(refused, { method: "POST", body: "{}" })).rejects.toThrow();
    expect(endpointRecord(chain, refused)?.lastError).toBe("connection failed (ECONNREFUSED)");

    const ok = `${base}/ok`;
    const res = await endpointFetch(chain, ok, 1_000)(ok, { method: "POST", body: "{}" });
    expect(await res.json()).toMatchObject({ result: "0x1" });
    expect(endpointRecord(chain, ok)).toMatchObject({ samples: [{ ok: true }], failingSince: undefined });
  });

  it("rank by failures among recent outcomes, ties in the configured order", async () => {
    const chain = "test:rank";
    const [a, b, c] = [`${base}/hang`, `${base}/busy`, `${base}/ok`];
    expect(rankEndpoints(chain, [a, b, c])).toEqual([a, b, c]);
    await endpointFetch(chain, b, 1_000)(b, { method: "POST", body: "{}" });
    expect(rankEndpoints(chain, [a, b, c])).toEqual([a, c, b]);
    await endpointFetch(chain, a, 100)(a, { method: "POST", body: "{}" }).catch(() => {});
    await endpointFetch(chain, a, 100)(a, { method: "POST", body: "{}" }).catch(() => {});
    expect(rankEndpoints(chain, [a, b, c])).toEqual([c, b, a]);
  });
});
