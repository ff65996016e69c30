import { createServer } from "node:net";

/** Binds and releases a loopback port: resolves to the bound port, rejects with EADDRINUSE if taken. */
function probe(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/**
 * Port 0 becomes a free port (anvil cannot report the one it would pick). A fixed port must be
 * free now: otherwise the readiness check could reach whatever node already listens there (say, a
 * devnet started earlier) and deploy tokens onto *its* chain.
 */
export async function claimPort(port: number, what: string): Promise<number> {
  try {
    return await probe(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new Error(`${what} port ${port} on 127.0.0.1 is already in use (is another devnet running?)`);
  }
}
