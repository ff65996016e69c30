import { createServer, type AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createLimiterPool, createRateLimiter } from "@/lib/http/create-rate-limiter";
import { ApiError } from "@/lib/errors/api-error";
import { statusOf } from "@/lib/http/error-status";

// A real pool pointed at a port nobody listens on: the counters' database is unreachable.
const pool = createLimiterPool("postgres://postgres@127.0.0.1:1/none", 500);
afterAll(() => pool.end());

describe("rate limiter with its counters unreachable", () => {
  it("fails open to a count in this process, so the limit still holds per instance", async () => {
    const budget = { points: 3, seconds: 60, refusal: "Too many requests from this address" };
    const limiter = createRateLimiter(pool, { gateway_options: budget, gateway_fetch: budget });
    for (let i = 0; i < 3; i++) await expect(limiter.consume("gateway_options", "192.0.2.1")).resolves.toBeUndefined();
    const refused = await limiter.consume("gateway_options", "192.0.2.1").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect(statusOf(refused as ApiError)).toBe(429);
    expect((refused as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Budgets stay per bucket and per client.
    await expect(limiter.consume("gateway_fetch", "192.0.2.1")).resolves.toBeUndefined();
    await expect(limiter.consume("gateway_options", "192.0.2.2")).resolves.toBeUndefined();
    // A point given back counts again; a reset (a sign-in that proved the password) forgets them all.
    for (let i = 0; i < 3; i++) await limiter.consume("gateway_options", "192.0.2.3");
    await limiter.refund("gateway_options", "192.0.2.3");
    await expect(limiter.consume("gateway_options", "192.0.2.3")).resolves.toBeUndefined();
    await expect(limiter.consume("gateway_options", "192.0.2.3")).rejects.toMatchObject({ code: "rate_limited" });
    await limiter.reset("gateway_options", "192.0.2.3");
    for (let i = 0; i < 3; i++) await expect(limiter.consume("gateway_options", "192.0.2.3")).resolves.toBeUndefined();
  });
});

describe("rate limiter whose counters stall", () => {
  it("waits out its timeout once, then counts alone for a while instead of waiting on every request", async () => {
    // A database that accepts connections and never answers: each query could only end by the timeout.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const stalled = createLimiterPool(`postgres://postgres@127.0.0.1:${port}/none`, 300);
    try {
      const budget = { points: 2, seconds: 60, refusal: "Too many requests from this address" };
      const limiter = createRateLimiter(stalled, { gateway_confirm: budget });
      const timed = async () => {
        const started = performance.now();
        await limiter.consume("gateway_confirm", "192.0.2.9");
        return performance.now() - started;
      };
      expect(await timed()).toBeGreaterThanOrEqual(290);
      expect(await timed()).toBeLessThan(100);
      await expect(limiter.consume("gateway_confirm", "192.0.2.9")).rejects.toMatchObject({ code: "rate_limited" });
    } finally {
      silent.close();
      await Promise.race([stalled.end(), new Promise((r) => setTimeout(r, 1500))]);
    }
  });
});
