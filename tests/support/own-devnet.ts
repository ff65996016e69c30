import { afterAll, afterEach, beforeAll } from "vitest";
import { startDevnet, type Devnet } from "@payment-service/devnet";
import type { RpcTap } from "@payment-service/devnet/rpc-proxy";
import { proxiedSetup, type ProxiedSetup } from "./proxied-servers";
import { devnetFileOf } from "./server";

/**
 * A devnet of the test file's own, for tests that stop anvil's mining or rewrite its history (which
 * would break every test sharing the suite's devnet), with app instances on scratch databases pointed
 * at it through RPC proxies. Mining is switched back on after each test, so one that fails half-way
 * leaves no unmined chain behind; everything stops after the file.
 */
export function ownDevnet(name: string) {
  const file = devnetFileOf(name);
  let devnet: Devnet | undefined;
  const setups: ProxiedSetup[] = [];

  /** A JSON-RPC call straight to this file's anvil (its test methods included). */
  async function anvil<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const res = await fetch(info().evm.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: T; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result as T;
  }

  function info() {
    if (!devnet) throw new Error("the devnet starts in beforeAll");
    return devnet.info;
  }

  beforeAll(async () => {
    devnet = await startDevnet({ evmPort: 0, solanaPort: 0, file, quiet: true });
  });
  afterEach(async () => {
    await anvil("evm_setAutomine", [true]);
  });
  afterAll(async () => {
    await Promise.all(setups.map((s) => s.close()));
    await devnet?.stop();
  });

  return {
    info,
    anvil,
    /**
     * App instances of a test's own on a scratch database named `dbName`, reaching this devnet through
     * proxies (`evmTap` sees each call to anvil).
     */
    async newSetup(dbName: string, options: { evmTap?: RpcTap } = {}): Promise<ProxiedSetup> {
      const setup = await proxiedSetup(dbName, { devnetFile: file, evmTap: options.evmTap });
      setups.push(setup);
      return setup;
    },
  };
}
