import { describe, expect, it } from "vitest";
import { beginDrain, isDraining, lifecycleHost, onDrain } from "@/lib/lifecycle/lifecycle-host";
import { nextShutdownStep, shutdownExitCode, shutdownTimes, type ShutdownState } from "@/lib/lifecycle/shutdown-plan";
import { CUT, trackWork, untilCut, workInFlight } from "@/lib/lifecycle/track-work";

const at = (elapsedMs: number, over: Partial<ShutdownState> = {}): ShutdownState => ({
  elapsedMs,
  graceMs: 20_000,
  requests: 0,
  work: 0,
  cut: false,
  ...over,
});

describe("shutdown plan", () => {
  it("keeps the end of the grace for the hand-back and the close: 20 s cuts at 15 s and closes at 18 s", () => {
    expect(shutdownTimes(20_000)).toEqual({ cutAtMs: 15_000, closeAtMs: 18_000 });
    expect(shutdownTimes(4_000)).toEqual({ cutAtMs: 2_800, closeAtMs: 3_600 });
    expect(shutdownTimes(600_000)).toEqual({ cutAtMs: 595_000, closeAtMs: 598_000 });
    expect(shutdownTimes(0)).toEqual({ cutAtMs: 0, closeAtMs: 0 });
  });

  it("closes at once, complete, when nothing is in flight", () => {
    expect(nextShutdownStep(at(0))).toEqual({ kind: "close", complete: true });
    expect(nextShutdownStep(at(19_000, { cut: true }))).toEqual({ kind: "close", complete: true });
  });

  it("waits for requests and work, never longer than the next deadline", () => {
    expect(nextShutdownStep(at(0, { requests: 2 }))).toEqual({ kind: "wait", ms: 50 });
    expect(nextShutdownStep(at(14_990, { work: 1 }))).toEqual({ kind: "wait", ms: 10 });
  });

  it("cuts work still running at the cut, once; requests alone are not cut", () => {
    expect(nextShutdownStep(at(15_000, { work: 1 }))).toEqual({ kind: "cut" });
    expect(nextShutdownStep(at(15_000, { work: 1, cut: true }))).toEqual({ kind: "wait", ms: 50 });
    expect(nextShutdownStep(at(16_000, { requests: 1 }))).toEqual({ kind: "wait", ms: 50 });
  });

  it("closes incomplete when the grace is spent with anything in flight, and that exits 1", () => {
    const step = nextShutdownStep(at(18_000, { requests: 1, cut: true }));
    expect(step).toEqual({ kind: "close", complete: false });
    expect(shutdownExitCode({ kind: "close", complete: false })).toBe(1);
    expect(shutdownExitCode({ kind: "close", complete: true })).toBe(0);
  });

  it("with no grace, cuts work and closes at once", () => {
    expect(nextShutdownStep(at(0, { graceMs: 0, work: 1 }))).toEqual({ kind: "close", complete: false });
  });
});

describe("work in flight", () => {
  it("is listed until it settles, failing or not", async () => {
    let finish: () => void = () => {};
    const running = trackWork("send", "pay_1", () => new Promise<void>((resolve) => (finish = resolve)));
    const failing = trackWork("webhook", "whd_1", async () => {
      throw new Error("no");
    });
    await expect(failing).rejects.toThrow("no");
    expect(workInFlight().map((w) => `${w.kind} ${w.label}`)).toEqual(["send pay_1"]);
    finish();
    await running;
    await new Promise((r) => setTimeout(r, 0));
    expect(workInFlight()).toEqual([]);
  });

  it("untilCut gives the value, or CUT once the signal aborts first", async () => {
    const cut = new AbortController();
    expect(await untilCut(cut.signal, Promise.resolve(7))).toBe(7);
    const pending = untilCut(cut.signal, new Promise(() => {}));
    cut.abort();
    expect(await pending).toBe(CUT);
    expect(await untilCut(cut.signal, Promise.resolve(7))).toBe(CUT);
    await expect(untilCut(new AbortController().signal, Promise.reject(new Error("x")))).rejects.toThrow("x");
  });
});

describe("draining", () => {
  it("tells each listener once, and a listener that comes later at once", () => {
    const told: string[] = [];
    const off = onDrain(() => told.push("gone"));
    off();
    onDrain(() => told.push("a"));
    expect(isDraining()).toBe(false);
    beginDrain();
    beginDrain();
    expect(isDraining()).toBe(true);
    onDrain(() => told.push("late"));
    expect(told).toEqual(["a", "late"]);
    lifecycleHost().draining = false;
  });
});
