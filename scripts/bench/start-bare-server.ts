import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { ROOT } from "../../tests/support/next-server";

export type BareServer = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Start scripts/bench/bare-server.ts in its own process (and process group), so it never shares an
 * event loop with the load generator; resolves once it prints the port it listens on.
 */
export async function startBareServer(env: Record<string, string>): Promise<BareServer> {
  // `node --import tsx` keeps it one process (the tsx CLI would add a wrapper process).
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts", "bench", "bare-server.ts")], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("bare server did not start within 15 s")), 15_000);
    child.once("exit", (code) => reject(new Error(`bare server exited with code ${code}`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  }).catch(async (err: unknown) => {
    child.kill("SIGKILL");
    throw err;
  });

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
