import { expect, it } from "vitest";
import { MAX_FIRST_CHECK_MS, nextFirstCheckDelay } from "@/lib/submissions/first-check-delay";
import { FIRST_CHECK_MS } from "@/lib/submissions/schedule";

it("a first look that found nothing mined makes the next one later, up to its bound", () => {
  expect(nextFirstCheckDelay(FIRST_CHECK_MS, true)).toBe(300);
  expect(nextFirstCheckDelay(300, true)).toBe(450);
  let delay = FIRST_CHECK_MS;
  for (let i = 0; i < 50; i++) delay = nextFirstCheckDelay(delay, true);
  expect(delay).toBe(MAX_FIRST_CHECK_MS);
});

it("first looks that find the transaction mined bring the delay back to FIRST_CHECK_MS, never below", () => {
  expect(nextFirstCheckDelay(1_000, false)).toBe(970);
  let delay = MAX_FIRST_CHECK_MS;
  for (let i = 0; i < 200; i++) delay = nextFirstCheckDelay(delay, false);
  expect(delay).toBe(FIRST_CHECK_MS);
});

it("settles where a few first looks in a hundred miss: a chain mining each transaction 0-1,000 ms after its send", () => {
  // Mined at an even spread over 0-1,000 ms: a first look at d ms misses with probability 1 - d/1000.
  let delay = FIRST_CHECK_MS;
  let misses = 0;
  const looks = 20_000;
  let seed = 7;
  const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
  for (let i = 0; i < looks; i++) {
    const missed = random() * 1_000 > delay;
    if (missed) misses++;
    delay = nextFirstCheckDelay(delay, missed);
  }
  expect(misses / looks).toBeGreaterThan(0.03);
  expect(misses / looks).toBeLessThan(0.12);
  expect(delay).toBeGreaterThan(800);
  expect(delay).toBeLessThanOrEqual(MAX_FIRST_CHECK_MS);
});
