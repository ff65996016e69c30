import { readFileSync } from "node:fs";

/**
 * A secret setting X may come from the file X_FILE names instead (a container's /run/secrets/x), so that
 * it never sits in the process's environment (/proc/<pid>/environ). `missingFileUnset`: a file that does
 * not exist leaves X unset rather than stopping the start (SECRETS_KEY_FILE, where a development key is
 * generated on first use).
 */
export type SecretSetting = { name: string; missingFileUnset?: boolean };

export type SecretFilesResult = {
  /** The environment with each X read from X_FILE; X_FILE itself stays, for messages. */
  values: Record<string, string | undefined>;
  /** Settings whose value came from their file (a validation message then names the file setting). */
  fromFile: Set<string>;
  /** What stops the start: both forms set, or a file that cannot be read. Never a secret's value. */
  issues: string[];
};

/**
 * Read every `X_FILE` of `settings` into `X` (trimmed: a file usually ends with a newline). Setting both X
 * and X_FILE is an error (which one wins would be a guess), and so is a file that cannot be read or is
 * empty. `read` is node's readFileSync unless a test gives another.
 */
export function readSecretFiles(
  source: Record<string, string | undefined>,
  settings: readonly SecretSetting[],
  read: (path: string) => string = (path) => readFileSync(path, "utf8"),
): SecretFilesResult {
  const values = { ...source };
  const fromFile = new Set<string>();
  const issues: string[] = [];
  for (const { name, missingFileUnset } of settings) {
    const fileSetting = `${name}_FILE`;
    const path = source[fileSetting];
    if (path === undefined || path === "") continue;
    if (source[name] !== undefined && source[name] !== "") {
      issues.push(`${name} and ${fileSetting} are both set: give one`);
      continue;
    }
    let text: string;
    try {
      text = read(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? "error";
      if (code === "ENOENT" && missingFileUnset) continue;
      issues.push(`${fileSetting}: cannot read ${path} (${code})`);
      continue;
    }
    const value = text.trim();
    if (!value) {
      issues.push(`${fileSetting}: ${path} is empty`);
      continue;
    }
    values[name] = value;
    fromFile.add(name);
  }
  return { values, fromFile, issues };
}
