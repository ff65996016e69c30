import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";

/** The public contract's facts (paths, parameters, schemas per status), a verbatim copy of shared/reference. */
export const FACTS = JSON.parse(
  readFileSync(join(import.meta.dirname, "contract", "walletconnect-pay-api-2026-02-19.preview.facts.json"), "utf8"),
) as {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string; required?: boolean }[]; responses: Record<string, unknown> }
    >
  >;
};

const ajv = new Ajv({ allErrors: true });
// OpenAPI's numeric formats name a width, not a pattern; the integer type is what is checked.
ajv.addFormat("int32", { type: "number", validate: (n: number) => Math.abs(n) < 2 ** 31 });
ajv.addFormat("int64", { type: "number", validate: () => true });
ajv.addSchema(FACTS, "facts");

const escape = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Where `body` breaks the facts' response schema of `method path` for `status`; empty when it
 * conforms. A status the facts do not document for that route is a violation by itself, except
 * those the real clients read beyond the document (409, 410, 422, 429: only their status is read).
 */
export function factsViolations({
  method,
  path,
  status,
  body,
}: {
  method: string;
  path: string;
  status: number;
  body: unknown;
}): string[] {
  const operation = FACTS.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${path} is not in the facts`];
  if (!operation.responses[String(status)])
    return [409, 410, 422, 429].includes(status) ? [] : [`${method} ${path} does not document ${status}`];
  const pointer = `facts#/paths/${escape(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  const validate = ajv.getSchema(pointer);
  if (!validate) return [`no schema at ${pointer}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.dataPath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
  );
}
