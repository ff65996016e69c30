import { DEPRECATED_NAMES } from "./parse-merchant-payments-query";

/**
 * Old parameter names of the replacement listings still work for one release; a `Warning: 299` (as
 * Kubernetes sends for deprecated fields) tells the client which to rename, without calling the route
 * itself deprecated.
 */
export function deprecationWarning(names: string[]): Record<string, string> | undefined {
  if (names.length === 0) return undefined;
  const renames = names.map((old) =>
    old === "asset"
      ? "asset (use token_symbol and network)"
      : `${old} (use ${DEPRECATED_NAMES[old as keyof typeof DEPRECATED_NAMES]})`,
  );
  return { warning: `299 - "Deprecated query parameters: ${renames.join(", ")}"` };
}
