import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "@/app/openapi.json/api-operations";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { CLIENT_TYPES_PATH, describeClientDrift, renderClientTypes } from "../support/client-types";

const ROOT = join(import.meta.dirname, "..", "..");
const committed = () => readFileSync(join(ROOT, CLIENT_TYPES_PATH), "utf8");
const document = () => buildOpenApiDocument(API_OPERATIONS, "http://localhost:3000");

// Generating from the whole document takes a few seconds on a busy machine.
describe("the merchants' typed client", { timeout: 60_000 }, () => {
  it("is what `npm run client:generate` makes from the OpenAPI document today", async () => {
    expect(describeClientDrift(committed(), await renderClientTypes(document()))).toBeNull();
  });

  it("is caught out of date when one field of the document changes (what the lint step's --check reports)", async () => {
    const changed = document();
    const payment = changed.components.schemas.Payment as { properties: Record<string, Record<string, unknown>> };
    expect(payment.properties.expiresAt).toMatchObject({ type: "integer" });
    payment.properties.expiresAt = { type: "string", description: "Unix seconds" };

    const drift = describeClientDrift(committed(), await renderClientTypes(changed));
    expect(drift).toContain(`${CLIENT_TYPES_PATH} differs from what the OpenAPI document generates`);
    expect(drift).toContain("run `npm run client:generate`");
    expect(drift).toMatch(/committed: expiresAt: number;\n\s+generated: expiresAt: string;$/);
  });

  it("is caught when the file is missing, and names the version it was generated for", async () => {
    const generated = await renderClientTypes(document());
    expect(describeClientDrift(null, generated)).toBe(
      `${CLIENT_TYPES_PATH} is missing: run \`npm run client:generate\` and commit the result`,
    );
    expect(generated).toContain(`export const API_VERSION = "${document().info.version}";`);
  });
});
