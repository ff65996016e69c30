/** Something a benchmark started and must stop; `pid` (a process group leader) is checked to be gone. */
export type Cleanup = { name: string; pid?: number; run: () => Promise<void> };

/**
 * Run a benchmark's `main`, then stop everything it registered (newest first: servers before the
 * database they use), also when it fails or the process gets SIGINT/SIGTERM. The stop runs once:
 * npm and tsx forward a signal again, and that second signal must wait for it, not end the process
 * while servers still run (so the handlers stay installed: `on`, not `once`).
 */
export async function runWithCleanups(what: string, main: (cleanups: Cleanup[]) => Promise<void>): Promise<void> {
  const cleanups: Cleanup[] = [];
  let cleaning: Promise<void> | undefined;
  let interrupted = false;
  const cleanUp = () => (cleaning ??= stopAll(cleanups));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (!interrupted) console.log(`\n${signal}: stopping ${what}`);
      interrupted = true;
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    await main(cleanups);
  } catch (err) {
    // After an interrupt, whatever was running fails as its server goes away: not news.
    if (!interrupted) console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

async function stopAll(cleanups: Cleanup[]): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) {
    await c.run().catch((err: unknown) => console.warn(`cleanup of ${c.name} failed: ${String(err)}`));
    if (c.pid && !(await groupGone(c.pid)))
      console.warn(`WARNING: ${c.name} (process group ${c.pid}) is still running`);
  }
}

async function groupGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** A positive integer setting from the environment (benchmark knobs such as BENCH_SECONDS). */
export function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}
