import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

type LockEntry = { optionalDependencies?: Record<string, string>; dependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};

/** Where npm would look for `name` required from the package at `path`: its own node_modules, then each parent's. */
function resolves(path: string, name: string): boolean {
  let dir = path;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const up = dir.lastIndexOf("/node_modules/");
    dir = up < 0 ? "" : dir.slice(0, up);
  }
}

// `npm ci` (the Dockerfile's deps stage) refuses a lock that leaves out any optional dependency, even one
// for another platform: `npm install` on a machine whose registry lacks those packages writes such a lock.
it("the lock file names every optional dependency of every locked package, so npm ci accepts it", () => {
  const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => !resolves(path, name))
      .map((name) => `${path || "(root)"} -> ${name}`),
  );
  expect(missing).toEqual([]);
});
