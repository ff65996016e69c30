import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";

// The public contract's schemas for the replacement listings, extracted verbatim from the facts file.
const contract = JSON.parse(
  readFileSync(join(import.meta.dirname, "contract", "merchant-payments.facts.json"), "utf8"),
) as object;
const ajv = new Ajv({ allErrors: true });
ajv.addSchema(contract, "contract");

/**
 * Where `body` breaks the contract's schema for `status` of `GET path` (200: MerchantPaymentsResponse;
 * errors: the route's per-status `{code, message, …}` with its code enum). Empty when it conforms.
 */
export function contractViolations(
  path: "/v1/merchants/payments" | "/v1/payments",
  status: number,
  body: unknown,
): string[] {
  const pointer = `contract#/responses/${path.replaceAll("/", "~1")}/${status}`;
  const validate = ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer });
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.dataPath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
  );
}
