import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import WebSocket from "ws";
import { ROOT } from "../../tests/support/next-server";
import { sourceFrameOf } from "./source-frames";

/** The part of a V8 CPU profile (DevTools protocol `Profiler.Profile`) the summary reads. */
type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type Frame = { frame: string; selfMs: number; share: number };
export type ProfileSummary = { file: string; sampledMs: number; stalledMs: number; top: Frame[]; byPlace: Frame[] };

const SAMPLING_US = 500;
export const STALL_US = 20_000;

/** One DevTools protocol session to a process started with --inspect. */
async function connect(inspectPort: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl, { maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = next++;
      waiting.set(id, resolve as (r: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * CPU profiles of the app processes over a window of the bench (the burst), taken through the
 * inspector so that start-up, the warm-up and the preparation stay out of them.
 */
export async function startCpuProfiles(inspectPorts: number[]) {
  const sessions = await Promise.all(inspectPorts.map(connect));
  for (const s of sessions) {
    await s.send("Profiler.enable");
    await s.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
    await s.send("Profiler.start");
  }
  return {
    /** Stops every profile, writes each to `files[i]` (open in Chrome DevTools), and summarizes it. */
    async stop(files: string[]): Promise<ProfileSummary[]> {
      const summaries: ProfileSummary[] = [];
      for (const [i, s] of sessions.entries()) {
        const { profile } = await s.send<{ profile: Profile }>("Profiler.stop");
        s.close();
        writeFileSync(files[i]!, JSON.stringify(profile));
        summaries.push(summarize(profile, files[i]!));
      }
      return summaries;
    },
  };
}

/** Where a frame's code lives: a package, Node itself, or the app's own code (by the bundle's source maps). */
function placeOf(node: ProfileNode): string {
  const { url } = node.callFrame;
  if (!url) return "(V8 / native)";
  const source = sourceFrameOf(node.callFrame)?.source;
  if (source?.startsWith("node_modules/src/")) return "a package mapped to its own src/ (drizzle-orm)";
  if (source) return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? `the app's ${source.split("/")[0]}/`;
  if (url.startsWith("node:")) return "node:*";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes("/.next/")) return "the app's bundle (.next)";
  return url;
}

function frameName(node: ProfileNode): string {
  const mapped = sourceFrameOf(node.callFrame);
  if (mapped) return `${mapped.name || "(anonymous)"} ${mapped.source.replace(/^.*node_modules\//, "")}:${mapped.line}`;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${relative(ROOT, url.replace(/^file:\/\//, ""))}:${lineNumber + 1}` : "";
  return `${functionName || "(anonymous)"}${where ? ` ${where}` : ""}`;
}

/**
 * Self time per profile node: each sample's delta since the one before. A gap of many sampling intervals
 * is the process waiting for a core (or the profiler stalled), not that frame's work, and one such gap
 * makes a cheap frame look hot: it counts as one interval, and the rest is reported apart.
 */
export function selfTimes(profile: Pick<Profile, "samples" | "timeDeltas">): {
  selfUs: Map<number, number>;
  stalledUs: number;
} {
  const selfUs = new Map<number, number>();
  let stalledUs = 0;
  profile.samples.forEach((id, i) => {
    let us = profile.timeDeltas[i] ?? 0;
    if (us > STALL_US) {
      stalledUs += us - SAMPLING_US;
      us = SAMPLING_US;
    }
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
  });
  return { selfUs, stalledUs };
}

/** Self time per frame and per place (package), the idle and GC pseudo-frames included, top 15 of each. */
export function summarize(profile: Profile, file: string): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const { selfUs, stalledUs } = selfTimes(profile);
  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const name = frameName(node);
    frames.set(name, (frames.get(name) ?? 0) + us);
    if (node.callFrame.functionName === "(idle)") continue;
    busyUs += us;
    const place = placeOf(node);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const top = (m: Map<string, number>, skipIdle: boolean) =>
    [...m]
      .filter(([k]) => !(skipIdle && k.startsWith("(idle)")))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([frame, us]) => ({ frame, selfMs: us / 1000, share: busyUs ? us / busyUs : 0 }));
  return {
    file: relative(ROOT, file),
    sampledMs: busyUs / 1000,
    stalledMs: stalledUs / 1000,
    top: top(frames, true),
    byPlace: top(places, false),
  };
}
