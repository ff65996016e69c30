import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

/*
 * `npm test` (scripts/test.sh) must fail when any of its steps fails, and never go on past it. Its
 * steps' tools are replaced here by stubs on PATH that log their arguments and succeed, except the
 * integration suite of the run named by FAIL_RUN: what is tested is the script's own flow, not the
 * tools. CI once went on to the browser tests after an integration run failed, and could end 0.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const stubs = mkdtempSync(join(tmpdir(), "test-script-stubs-"));
afterAll(() => rmSync(stubs, { recursive: true, force: true }));

const stub = (name: string, body: string) => {
  const file = join(stubs, name);
  writeFileSync(file, `#!/bin/sh\necho "${name} $*" >> "$STUB_LOG"\n${body}\n`);
  chmodSync(file, 0o755);
};
stub("npx", `case "$*" in *"--project integration"*) [ "$TEST_RUN" = "$FAIL_RUN" ] && exit 1;; esac; exit 0`);
stub("npm", "exit 0");
stub("node", "exit 0");
// `bash scripts/ensure-chromium.sh` would install a browser: logged instead; any other script runs.
writeFileSync(
  join(stubs, "bash"),
  `#!/bin/sh\ncase "$1" in *ensure-chromium.sh) echo "ensure-chromium" >> "$STUB_LOG"; exit 0;; esac\nexec /bin/bash "$@"\n`,
);
chmodSync(join(stubs, "bash"), 0o755);

function runTestScript(failRun: string) {
  const log = join(stubs, `log-${failRun || "none"}`);
  writeFileSync(log, "");
  const result = spawnSync("/bin/bash", [join(ROOT, "scripts", "test.sh")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${stubs}:${process.env.PATH}`,
      STUB_LOG: log,
      FAIL_RUN: failRun,
      SYSTEM_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
      DATABASE_URL: "",
    },
    encoding: "utf8",
  });
  return { status: result.status, calls: readFileSync(log, "utf8") };
}

it.each(["embedded", "system"])("fails, and runs no browser test, when the %s integration run fails", (run) => {
  const { status, calls } = runTestScript(run);
  expect(status).not.toBe(0);
  expect(calls).toContain("--project integration");
  expect(calls).not.toContain("playwright");
});

it("goes on to the browser tests and ends 0 when every step passes", () => {
  const { status, calls } = runTestScript("");
  expect(calls).toContain("npx playwright test");
  expect(status).toBe(0);
});
