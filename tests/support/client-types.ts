/**
 * The merchants' typed client (lib/merchant-client) is generated from the OpenAPI document the server
 * serves at /openapi.json, so the two cannot drift: `npm run client:generate` writes the types, and the
 * lint step (`scripts/gen-client.ts --check`) fails when the committed file is not what the document
 * generates today.
 */
import openapiTS, { astToString } from "openapi-typescript";

/** The generated file, relative to the repository's root. */
export const CLIENT_TYPES_PATH = "lib/merchant-client/openapi-types.ts";

const HEADER = `// Generated from the service's OpenAPI document (lib/openapi, served at /openapi.json) by
// \`npm run client:generate\` (scripts/gen-client.ts, openapi-typescript). Do not edit by hand: the lint step
// regenerates it and fails when this file differs.
`;

type Document = { info: { version: string } };

/**
 * The text of the generated file for a document: openapi-typescript's `paths`, `components` and
 * `operations`, and the API version the document describes (the version the client asks for).
 */
export async function renderClientTypes(document: Document): Promise<string> {
  // The same JSON /openapi.json answers; a string also keeps openapi-typescript from touching our object.
  const types = astToString(await openapiTS(JSON.stringify(document), { silent: true }));
  const version = `/** The API version these types describe; the client sends it as WCP-Version. */\nexport const API_VERSION = ${JSON.stringify(document.info.version)};\n`;
  return `${HEADER}\n${version}\n${types}`;
}

/** Why the committed file is stale (its first differing line), or null when it is what the document generates. */
export function describeClientDrift(committed: string | null, generated: string): string | null {
  const fix = "run `npm run client:generate` and commit the result";
  if (committed === null) return `${CLIENT_TYPES_PATH} is missing: ${fix}`;
  if (committed === generated) return null;
  const have = committed.split("\n");
  const want = generated.split("\n");
  let line = 0;
  while (have[line] === want[line]) line++;
  return [
    `${CLIENT_TYPES_PATH} differs from what the OpenAPI document generates: ${fix}`,
    `  first difference at line ${line + 1}:`,
    `    committed: ${have[line] === undefined ? "(end of file)" : have[line]!.trim()}`,
    `    generated: ${want[line] === undefined ? "(end of file)" : want[line]!.trim()}`,
  ].join("\n");
}
