import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PROJECT_ROOT } from "../paths";

export interface AnvilHandle {
  rpcUrl: string;
  /** Pid of the anvil binary itself (not of the guard shell), for "no orphan left" checks. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The npm wrapper (node_modules/.bin/anvil) is a node script that spawns the real binary; killing
 * the wrapper can leave the binary behind. So the platform package's binary is started directly.
 */
function anvilBinary(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const require = createRequire(import.meta.url);
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
    const bin = path.join(path.dirname(pkg), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
    if (existsSync(bin)) return bin;
  } catch {
    // fall through to the wrapper
  }
  return path.join(PROJECT_ROOT, "node_modules", ".bin", "anvil");
}

// A guard shell runs anvil and kills it as soon as its stdin closes. Our stdin pipe closes when we
// call stop() and also when this node process dies in any way (even SIGKILL), so anvil can never
// outlive the devnet and squat on the port. The shell prints anvil's pid first.
const GUARD =
  'anvil="$1"; shift; "$anvil" "$@" </dev/null & pid=$!; echo "$pid"; read _ignored; kill "$pid" 2>/dev/null; wait "$pid"';

export async function startAnvil(port: number, chainId: number): Promise<AnvilHandle> {
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--silent"];
  const child = spawn("sh", ["-c", GUARD, "anvil-guard", anvilBinary(), ...args], {
    cwd: PROJECT_ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  // The guard may already be gone (Ctrl-C reaches the whole process group): ignore EPIPE on stop.
  child.stdin?.on("error", () => {});
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const pid = await readFirstLine(child, exited);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const handle: AnvilHandle = { rpcUrl, pid, stop: () => stopGuard(child, exited, pid) };
  try {
    await waitUntilServing(rpcUrl, exited, () => stderr);
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}

function readFirstLine(child: ChildProcess, exited: Promise<number | null>): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n")[0];
      if (buffer.includes("\n") && line) resolve(Number(line.trim()));
    });
    void exited.then((code) => reject(new Error(`anvil guard exited early (code ${code})`)));
  });
}

async function waitUntilServing(rpcUrl: string, exited: Promise<number | null>, stderr: () => string) {
  let dead = false;
  void exited.then(() => (dead = true));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`anvil exited during startup: ${stderr().trim() || "no output"}`);
    try {
      const res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`anvil did not answer on ${rpcUrl} within 15 s: ${stderr().trim()}`);
}

async function stopGuard(child: ChildProcess, exited: Promise<number | null>, pid: number) {
  if (child.exitCode === null && child.signalCode === null) {
    child.stdin?.end(); // the guard kills anvil and waits for it
    const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 5_000).unref());
    if ((await Promise.race([exited, timeout])) === "timeout") child.kill("SIGKILL");
  }
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
