import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/lib/team/permissions";

// A static check that no dashboard route or page can forget its permission: every handler under
// app/dashboard/api is a dashboardRoute given its access first (a permission, or explicitly the member's
// own account or two-factor enrolment), or one of the few public routes of signing in and joining;
// every signed-in page calls requirePermission (the Account page alone, where a held member enrols,
// reads the session without one).

const ROOT = join(__dirname, "..", "..");
const ACCESS = new Set<string>([...PERMISSIONS, "own-account", "two-factor-enrolment"]);
const PUBLIC = /^(sign-in|sign-up|forgot-password|reset-password|invitation)(\/|$)/;

function files(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), name) : e.name === name ? [join(dir, e.name)] : [],
  );
}

describe("every dashboard route and page names its permission", () => {
  const apiDir = join(ROOT, "app", "dashboard", "api");

  it.each(files(apiDir, "route.ts").map((f) => relative(apiDir, f)))("api/%s", (file) => {
    const source = readFileSync(join(apiDir, file), "utf8");
    const handlers = [
      ...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (\w+)(?:<[^>]*>)?\(\s*("[^"]*")?/g),
    ];
    expect(handlers.length, "exports at least one handler").toBeGreaterThan(0);
    expect(source, "no handler defined another way").not.toMatch(
      /export (async )?function (GET|POST|PUT|PATCH|DELETE)/,
    );
    for (const [, method, wrapper, access] of handlers) {
      if (wrapper === "publicMutationRoute") {
        expect(file, `${method} is public, only for signing in and joining`).toMatch(PUBLIC);
        continue;
      }
      expect(wrapper, method).toBe("dashboardRoute");
      expect(ACCESS.has(JSON.parse(access ?? '""')), `${method} ${access}`).toBe(true);
    }
  });

  const pagesDir = join(ROOT, "app", "dashboard", "(app)");
  it.each(files(pagesDir, "page.tsx").map((f) => relative(pagesDir, f)))("(app)/%s", (file) => {
    const source = readFileSync(join(pagesDir, file), "utf8");
    if (file === join("account", "page.tsx")) return expect(source).toContain("requireSession()");
    expect(source).toMatch(/await requirePermission\("[a-z]+:[a-z]+"\);\n\s+if \(missing\) return <MissingPermission/);
    expect(source).not.toContain("requireSession");
  });
});
