import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { regenerate, renderConfigTable, settingsFromEnvSource } from "../support/config-docs";

const ROOT = join(import.meta.dirname, "..", "..");
const SPEC = join(ROOT, "docs", "spec", "payment-service-interface.md");
const read = (path: string) => readFileSync(path, "utf8");

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

/** README.md and every markdown page under docs/. */
const markdownFiles = () => [join(ROOT, "README.md"), ...filesUnder(join(ROOT, "docs"), (n) => n.endsWith(".md"))];

/** The lines of a markdown file outside fenced code blocks. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingSlugs(text: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const plain = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(plain) ?? 0;
    seen.set(plain, count + 1);
    slugs.add(count === 0 ? plain : `${plain}-${count}`);
  }
  return slugs;
}

/** Relative links of a markdown file (inline `[text](target)`), outside code blocks. */
function relativeLinks(text: string): string[] {
  return proseLines(text)
    .flatMap((line) => [...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!))
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("the settings table of docs/operations.md", () => {
  it("is what `npm run docs:config` makes from lib/env.ts", () => {
    const doc = read(join(ROOT, "docs", "operations.md"));
    const expected = regenerate(doc, read(join(ROOT, "lib", "env.ts")));
    expect(
      doc,
      "docs/operations.md's settings table differs from lib/env.ts: run `npm run docs:config` and commit the result",
    ).toBe(expected);
  });

  it("takes each row's default, range and meaning from the schema and its comments", () => {
    const source = `const envSchema = z.object({
      /** How long a thing waits. */
      WAIT_MS: intFromEnv(100, 2 * 60_000, 5_000),
      /**
       * Where it lives,
       * in two lines.
       */
      HOME: z.string().min(1).default(".data/home"),
      /** Which mode | if any. */
      MODE: z.enum(["a", "b"]).default("a"),
      /** A key. Unset: none. */
      KEY: z.string().regex(/^k_/, "must be a k_ key").optional(),
    });`;
    expect(renderConfigTable(settingsFromEnvSource(source)).split("\n")).toEqual([
      "| Variable | Default | Accepts | Meaning |",
      "|---|---|---|---|",
      "| `WAIT_MS` | `5000` | integer 100 to 120000 | How long a thing waits. |",
      "| `HOME` | `.data/home` |  | Where it lives, in two lines. |",
      "| `MODE` | `a` | `a`, `b` | Which mode \\| if any. |",
      "| `KEY` | unset | a k_ key | A key. Unset: none. |",
    ]);
  });

  it("refuses a setting without a comment, naming it", () => {
    const source = `const envSchema = z.object({ /** Documented. */ A: intFromEnv(0, 1, 0), B: intFromEnv(0, 1, 0) });`;
    expect(() => settingsFromEnvSource(source)).toThrow(/\bB\b/);
  });
});

describe('"spec N.N" in code comments', () => {
  it("names a numbered section of docs/spec/payment-service-interface.md", () => {
    const sections = new Set(
      proseLines(read(SPEC)).flatMap((line) => /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line)?.[1] ?? []),
    );
    expect(sections.has("4.5")).toBe(true);
    const cited = ["lib", "app", "components", "scripts"]
      .flatMap((dir) => filesUnder(join(ROOT, dir), (n) => /\.(ts|tsx|mjs|js|sh|md)$/.test(n)))
      .flatMap((path) =>
        [...read(path).matchAll(/\bspec (\d+(?:\.\d+)*)/g)].map((m) => ({
          where: relative(ROOT, path),
          section: m[1]!,
        })),
      );
    expect(cited.length).toBeGreaterThan(0);
    const unknown = cited.filter((c) => !sections.has(c.section)).map((c) => `${c.where}: spec ${c.section}`);
    expect(unknown, "these comments cite a section the spec does not have").toEqual([]);
  });
});

describe("relative links in README.md and docs/", () => {
  it("point at files that exist, and at headings that exist", () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const link of relativeLinks(read(file))) {
        const [path = "", anchor] = link.split("#", 2);
        const target = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
        const where = `${relative(ROOT, file)}: ${link}`;
        if (!existsSync(target)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined && target.endsWith(".md") && !headingSlugs(read(target)).has(anchor))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("slugs headings as GitHub does", () => {
    const slugs = headingSlugs(
      "# Wallet client (`lib/wallet`)\n## The ledger's design\n### 4.5 Gateway flow (wallet side)\n## Errors\n## Errors\n```\n# not a heading\n```",
    );
    expect([...slugs]).toEqual([
      "wallet-client-libwallet",
      "the-ledgers-design",
      "45-gateway-flow-wallet-side",
      "errors",
      "errors-1",
    ]);
  });
});
