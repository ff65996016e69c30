import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "@/app/openapi.json/api-operations";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { FACTS } from "../support/contract-facts";

type Parameter = { name: string; in: string; required?: boolean };
type Operation = { parameters?: Parameter[]; responses: Record<string, unknown> };

const ours = buildOpenApiDocument(API_OPERATIONS, "http://localhost:3000") as unknown as {
  paths: Record<string, Record<string, Operation>>;
};
// Beyond each route's documented statuses: those the real clients read (only the status: 409
// quote/route, 410 expired, 422, 429), and the request-level failures any route can meet (a header
// that is not ASCII, a body too large or not JSON: 400/413/415; authentication: 401; a crash: 500;
// a chain that does not answer: 502, retried by the SDK as any 5xx), and a key made with fewer scopes
// than the route needs: 403 (a key of the contract's kind holds every scope).
const BEYOND = new Set(["409", "410", "422", "429", "400", "401", "403", "413", "415", "500", "502"]);

const served = Object.entries(FACTS.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(() => path in ours.paths)
    .map(([method, operation]) => ({ path, method, facts: operation as Operation })),
);

describe("/openapi.json against the contract's facts", () => {
  it("serves every route of the facts file", () => {
    const missing = Object.entries(FACTS.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => !ours.paths[path]?.[m])
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(served)(
    "$method $path: the same path and query parameters, required headers, and status codes",
    ({ path, method, facts }) => {
      const mine = ours.paths[path]![method]!;
      const key = (p: Parameter) => `${p.in}:${p.name.toLowerCase()}`;
      const factsParams = (facts.parameters ?? []).filter((p) => p.in !== "header");
      const myParams = (mine.parameters ?? []).filter((p) => p.in !== "header");
      expect(myParams.map(key).sort()).toEqual(expect.arrayContaining(factsParams.map(key).sort()));
      // Ours may keep deprecated extras (snake_case listing names); each is named in the facts or documented as deprecated.
      for (const p of myParams)
        expect(
          factsParams.some((f) => key(f) === key(p)) || (p as { deprecated?: boolean }).deprecated === true,
          `${key(p)} is extra`,
        ).toBe(true);
      for (const p of factsParams)
        expect(myParams.find((m) => key(m) === key(p))?.required ?? false, `${key(p)} required`).toBe(
          p.required ?? false,
        );
      const requiredHeaders = (facts.parameters ?? []).filter(
        (p) => p.in === "header" && p.required && !["api-key", "merchant-id"].includes(p.name.toLowerCase()),
      );
      for (const h of requiredHeaders)
        expect(
          (mine.parameters ?? []).find((m) => m.in === "header" && m.name.toLowerCase() === h.name.toLowerCase())
            ?.required,
          `header ${h.name}`,
        ).toBe(true);

      const documented = Object.keys(mine.responses);
      // 500/502 are what a crash or an unreachable chain would be; the gateway asks for no credentials, so it never answers 401.
      const unauthenticated = !(mine as { security?: unknown[] }).security?.length;
      const factsStatuses = Object.keys(facts.responses).filter(
        (s) => s !== "500" && s !== "502" && !(s === "401" && unauthenticated),
      );
      expect(documented).toEqual(expect.arrayContaining(factsStatuses));
      expect(documented.filter((s) => !(s in facts.responses) && !BEYOND.has(s))).toEqual([]);
    },
  );
});
