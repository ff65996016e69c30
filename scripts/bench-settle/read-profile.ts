/**
 * Reads a CPU profile the bench wrote (tests/artifacts/bench-settle-app1.cpuprofile and the like) by
 * the bundle's source maps, for what the bench's self-time summary cannot say:
 *
 *   npx tsx scripts/bench-settle/read-profile.ts <file> [filter]        inclusive time per function
 *   npx tsx scripts/bench-settle/read-profile.ts <file> --below <frame> [depth]   what runs under a frame
 *
 * Inclusive time counts a function once per sample however deep it recurs. The bundle's minified
 * names can map to a wrong neighbour in the source; the file and line are the reliable part. Work
 * resumed after an `await` has no caller in the stacks: its time shows under runMicrotasks.
 */
import { readFileSync } from "node:fs";
import { selfTimes, STALL_US } from "./cpu-profile";
import { sourceFrameOf } from "./source-frames";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error("usage: read-profile.ts <file.cpuprofile> [filter] | --below <frame> [depth]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const names = new Map<number, string>();
function nameOf(id: number): string {
  let name = names.get(id);
  if (name === undefined) {
    const { callFrame } = byId.get(id)!;
    const mapped = sourceFrameOf(callFrame);
    const where = (mapped?.source ?? callFrame.url)
      .replace(/^.*node_modules\//, "")
      .replace(/^file:\/\/.*?\/\.next\//, ".next/");
    name = `${mapped?.name || callFrame.functionName || "(anonymous)"} ${where}:${mapped?.line ?? callFrame.lineNumber + 1}`;
    names.set(id, name);
  }
  return name;
}

function stackOf(id: number): number[] {
  const stack: number[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.unshift(cur);
  return stack;
}

const { selfUs, stalledUs } = selfTimes(profile);
const busyUs = [...selfUs].reduce(
  (sum, [id, us]) => (byId.get(id)!.callFrame.functionName === "(idle)" ? sum : sum + us),
  0,
);

const totals = new Map<string, number>();
const below = rest[0] === "--below" ? rest[1] : undefined;
const depth = Number(rest[2] ?? 3);
for (const [id, us] of selfUs) {
  if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
  const stack = stackOf(id).map(nameOf);
  if (below !== undefined) {
    const at = stack.findIndex((name) => name.includes(below));
    if (at >= 0) {
      const key = stack.slice(at, at + depth + 1).join("  >  ");
      totals.set(key, (totals.get(key) ?? 0) + us);
    }
  } else {
    for (const name of new Set(stack)) totals.set(name, (totals.get(name) ?? 0) + us);
  }
}

const filter = below === undefined ? rest[0] : undefined;
console.log(
  `${file}: ${(busyUs / 1000).toFixed(0)} ms busy (${(stalledUs / 1000).toFixed(0)} ms of gaps over ${STALL_US / 1000} ms left out)`,
);
[...totals]
  .filter(([name]) => !filter || name.includes(filter))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 60)
  .forEach(([name, us]) =>
    console.log(`${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / busyUs).toFixed(1).padStart(5)}%  ${name}`),
  );
