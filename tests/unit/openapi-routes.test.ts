import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "@/app/openapi.json/api-operations";
import type { ApiOperation } from "@/lib/openapi/api-operation";

const APP = join(import.meta.dirname, "..", "..", "app");

// Route files no API client calls: the /v1 catch-all only answers JSON 404s for paths no route serves; the
// dashboard's own session-authenticated endpoints serve its pages; /metrics is Prometheus text for the
// operator's scraper (docs/operations.md#metrics).
const undocumented = (folder: string) =>
  folder === "v1/[...path]" || folder === "metrics" || folder.startsWith("dashboard/");

// Next.js allows one slug name per folder level, so the Platform API's {merchantId} lives in the
// [merchant_id] folder the deprecated listing named.
const FOLDER_SLUG: Record<string, string> = { merchantId: "merchant_id" };

// A CORS preflight (OPTIONS) is answered, not documented.
const DOCUMENTED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Folders (relative to app/, with "/") that hold a file of this name. */
function foldersWith(file: string, dir = APP): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return foldersWith(file, full);
    return name === file ? [relative(APP, dir).split(sep).join("/")] : [];
  });
}

/** The HTTP methods a route file exports. */
function routeMethods(folder: string): string[] {
  const text = readFileSync(join(APP, folder, "route.ts"), "utf8");
  const exported = [...text.matchAll(/^export (?:const|async function|function) (\w+)/gm)].map((m) => m[1]!);
  return exported.filter((name) => DOCUMENTED_METHODS.includes(name)).sort();
}

/** The folder an operation's path names: /v1/payments/{id}/status -> v1/payments/[id]/status. */
function folderOf(path: string): string {
  return path.slice(1).replace(/\{(\w+)\}/g, (_, name: string) => `[${FOLDER_SLUG[name] ?? name}]`);
}

async function declaredBeside(folder: string): Promise<Record<string, ApiOperation>> {
  return (await import(join(APP, folder, "openapi.ts"))) as Record<string, ApiOperation>;
}

describe("OpenAPI operations beside their routes", () => {
  const routes = foldersWith("route.ts")
    .filter((f) => !undocumented(f))
    .sort();
  const declared = foldersWith("openapi.ts").sort();

  it("every API route has an openapi.ts beside it, and every openapi.ts a route", () => {
    expect(
      routes.filter((f) => !declared.includes(f)),
      "routes with no openapi.ts beside them",
    ).toEqual([]);
    expect(
      declared.filter((f) => !routes.includes(f)),
      "openapi.ts with no documented route beside it",
    ).toEqual([]);
  });

  it("each openapi.ts exports one operation per method its route exports, under the method's name", async () => {
    for (const folder of declared) {
      if (!existsSync(join(APP, folder, "route.ts"))) continue; // reported by the test above
      const operations = await declaredBeside(folder);
      expect(Object.keys(operations).sort(), `app/${folder}`).toEqual(routeMethods(folder));
      for (const [name, op] of Object.entries(operations)) {
        expect(op.method, `app/${folder}/openapi.ts ${name}`).toBe(name.toLowerCase());
      }
    }
  });

  it("each operation's path names the folder it is declared in", async () => {
    for (const folder of declared) {
      for (const [name, op] of Object.entries(await declaredBeside(folder))) {
        expect(folderOf(op.path), `app/${folder}/openapi.ts ${name}: ${op.path}`).toBe(folder);
      }
    }
  });

  it("the document collects every operation declared beside a route, each once", async () => {
    const all = (await Promise.all(declared.map(declaredBeside))).flatMap((ops) => Object.values(ops));
    const collected = new Set(API_OPERATIONS);
    expect(collected.size, "an operation is collected twice").toBe(API_OPERATIONS.length);
    const missing = all.filter((op) => !collected.has(op)).map((op) => `${op.method} ${op.path}`);
    expect(missing, "declared but not in app/openapi.json/api-operations.ts").toEqual([]);
    expect(API_OPERATIONS.length).toBe(all.length);
  });
});
