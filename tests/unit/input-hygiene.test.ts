import fc from "fast-check";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { loggableError } from "@/lib/errors/loggable-error";
import { networkOf } from "@/lib/http/client-ip";
import { readJson } from "@/lib/http/read-json";
import { route } from "@/lib/http/route";
import { isIsoDateTimeWithZone } from "@/lib/listings/iso-datetime";

const jsonRequest = (text: string) =>
  new Request("http://localhost/x", { method: "POST", headers: { "content-type": "application/json" }, body: text });

/** JSON of `value` with one of its strings (or keys) given a NUL at `at`; undefined when it holds no string. */
function withNul(value: unknown, pick: number): string | undefined {
  const text = JSON.stringify(value);
  const quotes = [...text.matchAll(/"(?:[^"\\]|\\.)*"/g)];
  if (quotes.length === 0) return undefined;
  const q = quotes[pick % quotes.length]!;
  const end = q.index + q[0].length - 1;
  return `${text.slice(0, end)}\\u0000${text.slice(end)}`;
}

describe("the JSON body reader", () => {
  it("hands back any JSON without a NUL as it was sent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        fc.pre(!JSON.stringify(value).includes("\\u0000"));
        expect(await readJson(jsonRequest(JSON.stringify(value)))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("refuses a NUL in any string or key, however deep, with 400 invalid_params", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.nat(), async (value, pick) => {
        const text = withNul(value, pick);
        fc.pre(text !== undefined);
        const err = await readJson(jsonRequest(text!)).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect(err).toMatchObject({ code: "invalid_params", issues: [{ field: expect.any(String) }] });
      }),
    );
  });

  it("walks a body nested as deep as 64 KiB allows without overflowing the stack", async () => {
    const deep = `${"[".repeat(30_000)}"\\u0000"${"]".repeat(30_000)}`;
    await expect(readJson(jsonRequest(deep))).rejects.toMatchObject({ code: "invalid_params" });
  });
});

describe("the one catch of the route wrapper", () => {
  const ctx = { params: Promise.resolve({}) };
  const failingQuery = (code: string) =>
    new DrizzleQueryError(
      "select $1::int",
      ["not-a-number"],
      Object.assign(new Error("invalid input syntax"), { code, severity: "ERROR" }),
    );

  it("answers a value PostgreSQL could not take (SQLSTATE class 22) with 400, anything else of it with a bare 500", async () => {
    for (const code of ["22P02", "22003", "22008", "22021"]) {
      const res = await route(async () => Promise.reject(failingQuery(code)))(new Request("http://localhost/x"), ctx);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_params" });
    }
    const unique = await route(async () => Promise.reject(failingQuery("23505")))(
      new Request("http://localhost/x"),
      ctx,
    );
    expect(unique.status).toBe(500);
    expect(await unique.json()).toEqual({ code: "internal_error", message: "Internal server error" });
  });

  it("refuses a NUL in the query string or a path parameter before the handler runs", async () => {
    const handler = route<{ id: string }>(async () => Response.json({ ran: true }));
    const inQuery = await handler(new Request("http://localhost/x?q=a%00b"), { params: Promise.resolve({ id: "x" }) });
    expect(inQuery.status).toBe(400);
    expect(await inQuery.json()).toMatchObject({ code: "invalid_params", issues: [{ field: "q" }] });
    const inPath = await handler(new Request("http://localhost/x"), { params: Promise.resolve({ id: "pay_\0" }) });
    expect(inPath.status).toBe(400);
  });
});

describe("errors in the log", () => {
  it("keep a failed query's SQL and SQLSTATE, never the values bound to it", () => {
    const pg = Object.assign(new Error('invalid input syntax for type integer: "owner@shop.example"'), {
      code: "22P02",
      severity: "ERROR",
      where: "unnamed portal parameter $1 = 'owner@shop.example'",
      detail: "Key (email)=(owner@shop.example)",
    });
    const err = new DrizzleQueryError("select * from users where email = $1", ["owner@shop.example"], pg);
    const logged = JSON.stringify(pino.stdSerializers.err(loggableError(err) as Error));
    expect(logged).not.toContain("owner@shop.example");
    expect(logged).toContain("select * from users where email = $1");
    expect(logged).toContain("22P02");
  });
});

describe("per-address limits count an IPv6 client by its /64", () => {
  const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
  const v6 = (g: number[]) => g.map((n) => n.toString(16)).join(":");

  it("addresses of one /64 share a key; another /64 has another", () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        expect(networkOf(v6([...a.slice(0, 4), ...b.slice(4)]))).toBe(networkOf(v6(a)));
        const samePrefix = a.slice(0, 4).every((n, i) => n === b[i]);
        fc.pre(!(a[0] === 0 && a[1] === 0 && a[2] === 0 && a[3] === 0 && a[4] === 0 && a[5] === 0xffff));
        fc.pre(!(b[0] === 0 && b[1] === 0 && b[2] === 0 && b[3] === 0 && b[4] === 0 && b[5] === 0xffff));
        expect(networkOf(v6(a)) === networkOf(v6(b))).toBe(samePrefix);
      }),
    );
  });

  it("an IPv4 address counts as itself, also written IPv4-mapped", () => {
    expect(networkOf("198.51.100.7")).toBe("198.51.100.7");
    expect(networkOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(networkOf("2001:db8::1")).toBe(networkOf("2001:db8:0:0:ffff::2"));
    expect(networkOf("unknown")).toBe("unknown");
  });
});

describe("listing dates", () => {
  it("refuse year 0000 and take every real instant from year 0001 on", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString();
          expect(isIsoDateTimeWithZone(iso)).toBe(true);
          expect(isIsoDateTimeWithZone(`0000${iso.slice(4)}`)).toBe(false);
        },
      ),
    );
  });
});
