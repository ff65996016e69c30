import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "@/lib/http/api-operations";

const APP = join(import.meta.dirname, "..", "..", "app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

describe("OpenAPI coverage", () => {
  it("documents exactly the route files under app/", () => {
    const fromFiles = routeFiles(APP)
      .map((f) => `/${relative(APP, f)}`.replace(/\/route\.ts$/, "").replace(/\[(\w+)\]/g, "{$1}"))
      // The /v1 catch-all only answers JSON 404s for paths no route serves; the dashboard's own
      // session-authenticated endpoints serve its pages, not API clients.
      .filter((p) => p !== "/v1/[...path]" && !p.startsWith("/dashboard/"))
      .sort();
    const documented = [...new Set(API_OPERATIONS.map((op) => op.path))].sort();
    expect(documented).toEqual(fromFiles);
  });
});
