import { startServer } from "../support/server";

/** The production build on a free port; workers read its address from E2E_BASE_URL. */
export default async function globalSetup() {
  const server = await startServer({}, "e2e");
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
