import { execFile, execFileSync } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT, TEST_ENV } from "./server";

const run = promisify(execFile);

/**
 * The operator CLI as the container image ships it: scripts/cli.ts bundled by scripts/build-cli.mjs,
 * which the integration suite's global setup runs on the sources under test (`buildCliBundle`).
 * `npm run cli`, the README's way, runs the same source through tsx, which spends about 6 s of CPU
 * on every start transpiling the whole import graph (the bundle starts in 0.6 s): cli.test.ts runs
 * it that way (`npmCli`), every other call uses the bundle.
 */
export const CLI_BUNDLE = join(ROOT, process.env.NEXT_DIST_DIR || ".next", "cli", "cli.mjs");

/**
 * Bundle the CLI from the current sources (about 3 s), unless scripts/test.sh did just that before
 * starting two runs of the suite side by side (CLI_BUNDLE_BUILT=1): one run rewriting the file while the
 * other starts a CLI from it would hand that one half a file.
 */
export function buildCliBundle(): void {
  if (process.env.CLI_BUNDLE_BUILT === "1") return;
  execFileSync(process.execPath, [join(ROOT, "scripts", "build-cli.mjs")], { cwd: ROOT, stdio: "ignore" });
}

/** The program and arguments that start the CLI with `args`, for a caller that spawns it itself. */
export function cliCommand(args: string[]): [string, string[]] {
  return [process.execPath, [CLI_BUNDLE, ...args]];
}

type CliResult = { code: number; stdout: string; stderr: string };

async function outcome(started: Promise<{ stdout: string; stderr: string }>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await started;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const envOf = (env: Record<string, string | undefined>) =>
  ({ ...process.env, ...TEST_ENV, ...env }) as NodeJS.ProcessEnv;

/** The CLI (the bundle) against the test server's database; `env` adds to TEST_ENV (`undefined` removes). */
export async function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const [program, programArgs] = cliCommand(args);
  return outcome(run(program, programArgs, { cwd: ROOT, env: envOf(env) }));
}

/** The CLI exactly as the README shows it: `npm run --silent cli -- …` (tsx over scripts/cli.ts). */
export async function npmCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return outcome(run("npm", ["run", "--silent", "cli", "--", ...args], { cwd: ROOT, env: envOf(env) }));
}
