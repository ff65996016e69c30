import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DevnetInfo } from "@payment-service/devnet";
import { ROOT } from "../../tests/support/next-server";

export type DevnetProcess = { info: DevnetInfo; pid: number; stop: () => Promise<void> };

/**
 * The local chains (`npm run devnet` on free ports) in a process group of their own: the Solana
 * node runs LiteSVM on its event loop, which must not share one with the benchmark's clocks and
 * RPC proxies. Resolves once the devnet has written `file`.
 */
export async function startDevnetProcess(file: string, logFile: string): Promise<DevnetProcess> {
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts", "devnet", "start.ts")], {
    cwd: ROOT,
    env: { ...process.env, DEVNET_EVM_PORT: "0", DEVNET_SOLANA_PORT: "0", DEVNET_FILE: file },
    stdio: ["ignore", out, out],
    detached: true,
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signal("SIGTERM");
    const timer = setTimeout(() => signal("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    const info = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DevnetInfo) : undefined;
    if (info && info.pid === child.pid) return { info, pid: child.pid!, stop };
    if (child.exitCode !== null) throw new Error(`devnet exited with code ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`devnet not ready after 60 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
