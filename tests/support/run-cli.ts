import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ROOT, TEST_ENV } from "./server";

const run = promisify(execFile);

/** The CLI exactly as the README shows it: `npm run --silent cli -- …`, against the test server's database. */
export async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "cli", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...TEST_ENV, ...env } as NodeJS.ProcessEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
