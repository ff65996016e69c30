import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAlive } from "../evm/anvil-process";
import { startDevnet, type DevnetInfo } from "../index";

const answers = (url: string) =>
  fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getSlot" }) }).then(
    () => true,
    () => false,
  );

describe("startDevnet", () => {
  it("advertises both chains in the file it is given, and stop() ends them and removes the file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "devnet-")), "devnet.json");
    const devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true, file });
    const advertised = JSON.parse(readFileSync(file, "utf8")) as DevnetInfo;
    expect(advertised).toEqual(devnet.info);
    expect(advertised.evm.chainId).toBe("eip155:31337");
    expect(advertised.solana.chainId).toMatch(/^solana:/);
    expect(advertised.pid).toBe(process.pid);
    expect(isAlive(devnet.anvilPid)).toBe(true);
    expect(await answers(devnet.info.solana.rpcUrl)).toBe(true);

    await devnet.stop();
    expect(isAlive(devnet.anvilPid)).toBe(false);
    expect(await answers(devnet.info.solana.rpcUrl)).toBe(false);
    expect(existsSync(file)).toBe(false);
    await devnet.stop(); // a second stop is harmless
  });
});
