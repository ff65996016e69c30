import { describe, expect, it } from "vitest";
import { withHashSlot } from "@/lib/auth/hash-slots";
import { ApiError } from "@/lib/errors/api-error";
import { statusOf } from "@/lib/http/error-status";

// The defaults: one hash at a time, four waiting (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE).
describe("password hash slots", () => {
  it("run one hash at a time, queue four in order, and refuse the rest at once with 503 and a wait", async () => {
    const started: number[] = [];
    let release: () => void = () => {};
    const hash = (i: number) =>
      withHashSlot(async () => {
        started.push(i);
        await new Promise<void>((resolve) => (release = resolve));
        return i;
      });
    const calls = Array.from({ length: 8 }, (_, i) => hash(i).catch((err: unknown) => err));
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0]);
    const settled: unknown[] = [];
    calls.forEach((c, i) => void c.then((v) => (settled[i] = v)));
    await new Promise((r) => setTimeout(r, 10));
    for (const refused of settled.slice(5)) {
      expect(refused).toBeInstanceOf(ApiError);
      expect(statusOf(refused as ApiError)).toBe(503);
      expect((refused as ApiError).code).toBe("server_busy");
      expect((refused as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    for (let i = 1; i <= 5; i++) {
      release();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await Promise.all(calls.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // Drained: the next one runs at once.
    const next = hash(9);
    await new Promise((r) => setTimeout(r, 5));
    release();
    expect(await next).toBe(9);
  });
});
