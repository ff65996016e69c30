/**
 * A strict reader of the Prometheus text exposition format (0.0.4), as a scraper would refuse it:
 * every sample belongs to a family declared by `# TYPE` before it, names and label names are
 * well formed, label values are escaped, values are floats, no series appears twice, and a
 * histogram's buckets are cumulative, end at +Inf and agree with its _count. Throws on the first
 * line that breaks a rule, naming it.
 */

export type Labels = Record<string, string>;
export type Sample = { name: string; labels: Labels; value: number };
export type Family = { name: string; type: string; help?: string; samples: Sample[] };
export type Exposition = Map<string, Family>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const SUFFIXES: Record<string, string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

export function parsePrometheusText(text: string): Exposition {
  const families: Exposition = new Map();
  const seen = new Set<string>();
  if (!text.endsWith("\n")) throw new Error("the exposition must end with a newline");
  text
    .slice(0, -1)
    .split("\n")
    .forEach((line, index) => {
      const where = `line ${index + 1} (${JSON.stringify(line.slice(0, 120))})`;
      try {
        readLine(line, families, seen);
      } catch (err) {
        throw new Error(`${where}: ${(err as Error).message}`);
      }
    });
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

function readLine(line: string, families: Exposition, seen: Set<string>): void {
  if (line.trim() === "") return;
  if (line.startsWith("#")) {
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (!meta) return; // a plain comment
    const [, kind, name, rest] = meta as unknown as [string, "HELP" | "TYPE", string, string];
    if (!NAME.test(name)) throw new Error(`bad metric name ${name}`);
    const family = families.get(name);
    if (kind === "TYPE") {
      if (!TYPES.has(rest)) throw new Error(`unknown type ${rest}`);
      if (family?.type) throw new Error(`second TYPE for ${name}`);
      if (family && family.samples.length) throw new Error(`TYPE after samples of ${name}`);
      families.set(name, { name, type: rest, help: family?.help, samples: [] });
    } else {
      if (family?.help !== undefined) throw new Error(`second HELP for ${name}`);
      families.set(name, {
        name,
        type: family?.type ?? "",
        help: unescape(rest, false),
        samples: family?.samples ?? [],
      });
    }
    return;
  }
  const sample = readSample(line);
  const family = familyOf(sample.name, families);
  if (!family) throw new Error(`sample ${sample.name} of no declared family`);
  const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
  if (seen.has(key)) throw new Error(`series ${key} twice`);
  seen.add(key);
  family.samples.push(sample);
}

function familyOf(sampleName: string, families: Exposition): Family | undefined {
  for (const family of families.values())
    if (family.type && SUFFIXES[family.type]!.some((suffix) => `${family.name}${suffix}` === sampleName)) return family;
  return undefined;
}

function readSample(line: string): Sample {
  const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
  if (!name) throw new Error("no metric name");
  let at = name.length;
  const labels: Labels = {};
  if (line[at] === "{") {
    at++;
    while (line[at] !== "}") {
      const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/.exec(line.slice(at));
      if (!label || !LABEL_NAME.test(label[1]!)) throw new Error(`bad label at column ${at + 1}`);
      if (label[1]! in labels) throw new Error(`label ${label[1]} twice`);
      labels[label[1]!] = unescape(label[2]!, true);
      at += label[0].length;
      if (line[at] === ",") at++;
      else if (line[at] !== "}") throw new Error(`expected , or } at column ${at + 1}`);
    }
    at++;
  }
  const rest = /^ (\S+)( -?\d+)?$/.exec(line.slice(at));
  if (!rest) throw new Error("expected one space, a value and an optional timestamp");
  return { name, labels, value: floatOf(rest[1]!) };
}

/** A value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case, as prom-client's `Nan`). */
function floatOf(text: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value ${text}`);
  return Number(text);
}

function unescape(text: string, quoted: boolean): string {
  return text.replace(/\\(.)/g, (whole, char: string) => {
    if (char === "\\") return "\\";
    if (char === "n") return "\n";
    if (char === '"' && quoted) return '"';
    throw new Error(`bad escape ${whole}`);
  });
}

function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name.endsWith("_bucket")) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([floatOf(le), s.value]);
    } else if (s.name.endsWith("_count")) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Infinity) throw new Error(`${family.name}${key}: no +Inf bucket`);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i]![1] < sorted[i - 1]![1]) throw new Error(`${family.name}${key}: buckets not cumulative`);
    if (sorted.at(-1)![1] !== count) throw new Error(`${family.name}${key}: +Inf bucket differs from _count`);
  }
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function sumOf(exposition: Exposition, name: string, labels: Labels = {}): number {
  let total = 0;
  for (const family of exposition.values())
    for (const s of family.samples)
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) total += s.value;
  return total;
}

/** The samples named `name`, for messages and label checks. */
export function samplesOf(exposition: Exposition, name: string): Sample[] {
  return [...exposition.values()].flatMap((f) => f.samples.filter((s) => s.name === name));
}
