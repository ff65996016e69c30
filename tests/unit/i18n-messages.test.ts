import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";

const DIR = join(import.meta.dirname, "../../lib/i18n/messages");
const load = (file: string) => JSON.parse(readFileSync(join(DIR, file), "utf8")) as Record<string, unknown>;

/** Every message as "namespace.key.sub" -> text. */
function flatten(node: unknown, prefix = ""): Record<string, string> {
  if (typeof node === "string") return { [prefix]: node };
  return Object.assign(
    {},
    ...Object.entries(node as Record<string, unknown>).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message catalogues", () => {
  const english = flatten(load("en.json"));

  it("has one file per locale and nothing else", () => {
    expect(readdirSync(DIR).sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s has every English message, with the same placeholders", (locale) => {
    const messages = flatten(load(`${locale}.json`));
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(text), key).toEqual(placeholders(english[key]!));
      // An ASCII apostrophe before a brace would quote it in ICU syntax: the placeholder would print as text.
      expect(text, key).not.toMatch(/'\{/);
    }
  });
});
