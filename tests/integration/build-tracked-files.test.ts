import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/server";

// `next build` and `next typegen` run the same TypeScript setup step (verifyAndRunTypeScript): it adds
// `<distDir>/types/**/*.ts` to tsconfig.json's include when missing, so a build with a new NEXT_DIST_DIR
// used to rewrite the tracked file (and its formatting failed the lint step). typegen runs that step
// alone, in seconds instead of a build's minutes.
const distDir = `.next-keys-${process.pid}`;
const nextEnv = join(ROOT, "next-env.d.ts");
const nextEnvBefore = existsSync(nextEnv) ? readFileSync(nextEnv, "utf8") : undefined;
const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });

afterAll(() => {
  rmSync(join(ROOT, distDir), { recursive: true, force: true });
  // next-env.d.ts (git-ignored) now names the fresh dist dir: give back the one the other builds use.
  if (nextEnvBefore === undefined) rmSync(nextEnv, { force: true });
  else writeFileSync(nextEnv, nextEnvBefore);
});

describe("builds never modify tracked files", () => {
  it("Next's TypeScript setup with a fresh NEXT_DIST_DIR leaves git status as it was", () => {
    // Compared with itself before: the tree may hold edits of one's own while this runs.
    const before = git("status", "--porcelain");
    const diffBefore = git("diff");
    execFileSync(process.execPath, [join(ROOT, "node_modules", "next", "dist", "bin", "next"), "typegen"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: "pipe",
    });
    expect(existsSync(join(ROOT, distDir, "types", "routes.d.ts"))).toBe(true);
    expect(git("status", "--porcelain")).toBe(before);
    expect(git("diff")).toBe(diffBefore);
  });
});
