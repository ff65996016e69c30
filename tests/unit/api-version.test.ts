import { describe, expect, it } from "vitest";
import { apiVersionOf, isVersionedPath, isWellFormedApiVersion, LATEST_API_VERSION } from "@/lib/http/api-version";
import { ApiError } from "@/lib/errors/api-error";
import { statusOf } from "@/lib/http/error-status";
import { API_OPERATIONS } from "@/app/openapi.json/api-operations";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

function codeOf(headers: Record<string, string>): string {
  try {
    return apiVersionOf(new Headers(headers));
  } catch (err) {
    if (err instanceof ApiError) return `${statusOf(err)} ${err.code}`;
    throw err;
  }
}

describe("API version grammar: YYYY-MM-DD, a real date, optionally .preview", () => {
  it.each(["2026-02-19.preview", "2026-02-18", "2024-02-29", "1999-12-31.preview", "2026-02-18.preview"])(
    "well-formed: %s",
    (v) => {
      expect(isWellFormedApiVersion(v)).toBe(true);
    },
  );

  it.each([
    "",
    "2026-2-19",
    "26-02-19",
    "2026-02-19.PREVIEW",
    "2026-02-19.beta",
    "2026-02-19preview",
    "2026-02-19.",
    "2026-02-19 .preview",
    "v2026-02-19",
    "2026/02/19",
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-02-00",
    "20260219",
    "latest",
    "2026-02-19.preview, 2026-02-18",
    "２０２６-02-19",
  ])("malformed: %j", (v) => {
    expect(isWellFormedApiVersion(v)).toBe(false);
  });
});

describe("the version a request is served under", () => {
  it("no header: the latest", () => {
    expect(codeOf({})).toBe(LATEST_API_VERSION);
    expect(LATEST_API_VERSION).toBe("2026-02-19.preview");
  });

  it("either header alone, or both agreeing, names a served version", () => {
    expect(codeOf({ "WCP-Version": "2026-02-18" })).toBe("2026-02-18");
    expect(codeOf({ "Api-Version": "2026-02-18" })).toBe("2026-02-18");
    expect(codeOf({ "wcp-version": "2026-02-19.preview", "api-version": "2026-02-19.preview" })).toBe(
      "2026-02-19.preview",
    );
  });

  it("malformed is 400 invalid_api_version; well-formed but unknown is 400 unknown_api_version", () => {
    expect(codeOf({ "WCP-Version": "2026-02-19.PREVIEW" })).toBe("400 invalid_api_version");
    expect(codeOf({ "Api-Version": "yesterday" })).toBe("400 invalid_api_version");
    expect(codeOf({ "WCP-Version": "2026-02-18", "Api-Version": "2026-02-31" })).toBe("400 invalid_api_version");
    expect(codeOf({ "WCP-Version": "2026-02-20" })).toBe("400 unknown_api_version");
    expect(codeOf({ "WCP-Version": "2026-02-18.preview" })).toBe("400 unknown_api_version");
    expect(codeOf({ "Api-Version": "2026-02-19" })).toBe("400 unknown_api_version");
  });

  it("both headers naming different versions is 400 invalid_api_version, even when both are served", () => {
    expect(codeOf({ "WCP-Version": "2026-02-19.preview", "Api-Version": "2026-02-18" })).toBe(
      "400 invalid_api_version",
    );
    expect(codeOf({ "WCP-Version": "2026-02-18", "Api-Version": "2030-01-01" })).toBe("400 invalid_api_version");
  });

  it("only /v1 is versioned", () => {
    expect(isVersionedPath("/v1/gateway/payment/pay_x/options")).toBe(true);
    expect(isVersionedPath("/v1")).toBe(true);
    expect(
      ["/v10/x", "/dashboard/api/session", "/healthz", "/livez", "/openapi.json", "/pay"].some(isVersionedPath),
    ).toBe(false);
  });

  it("the OpenAPI document names the headers and codes on /v1 operations only", () => {
    const doc = buildOpenApiDocument(API_OPERATIONS, "http://localhost") as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: { name: string; in: string }[];
            responses: Record<string, { headers?: Record<string, unknown>; "x-error-codes"?: string[] }>;
          }
        >
      >;
    };
    const options = doc.paths["/v1/gateway/payment/{id}/options"]!.post!;
    expect(options.parameters.filter((p) => p.in === "header").map((p) => p.name)).toEqual(
      expect.arrayContaining(["WCP-Version", "Api-Version"]),
    );
    expect(options.responses["200"]!.headers).toHaveProperty("WCP-Version");
    expect(options.responses["400"]!.headers).toHaveProperty("WCP-Version");
    expect(options.responses["400"]!["x-error-codes"]).toEqual(
      expect.arrayContaining(["invalid_api_version", "unknown_api_version"]),
    );
    const health = doc.paths["/healthz"]!.get!;
    expect(health.parameters.map((p) => p.name)).not.toContain("WCP-Version");
    expect(health.responses["200"]!.headers).toBeUndefined();
  });
});
