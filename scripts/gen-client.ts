/**
 * `npm run client:generate`: write the merchants' typed client's types (lib/merchant-client/openapi-types.ts)
 * from the OpenAPI document, built in-process as the server builds it (no server needed): lib/openapi's builder over
 * the operations declared beside the routes (app/openapi.json/api-operations.ts).
 *
 *   npx tsx scripts/gen-client.ts [--check]
 *
 * `--check` (the lint step) writes nothing and exits 1 when the committed file differs, naming the first
 * differing line.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { API_OPERATIONS } from "@/app/openapi.json/api-operations";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { CLIENT_TYPES_PATH, describeClientDrift, renderClientTypes } from "../tests/support/client-types";

const ROOT = join(import.meta.dirname, "..");
const FILE = join(ROOT, CLIENT_TYPES_PATH);

async function main(): Promise<number> {
  // The server's URL is not part of the types (openapi-typescript leaves `servers` out).
  const generated = await renderClientTypes(buildOpenApiDocument(API_OPERATIONS, "http://localhost:3000"));
  const committed = existsSync(FILE) ? readFileSync(FILE, "utf8") : null;
  if (process.argv.includes("--check")) {
    const drift = describeClientDrift(committed, generated);
    if (drift === null) return 0;
    process.stderr.write(`${drift}\n`);
    return 1;
  }
  if (committed !== generated) writeFileSync(FILE, generated);
  process.stdout.write(`${CLIENT_TYPES_PATH}: ${committed === generated ? "up to date" : "written"}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`client:generate failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
