import type { TestProject } from "vitest/node";
import { startServer } from "./server";
import { testDatabaseUrl } from "./database-url";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    databaseUrl: string;
  }
}

/** One production server for the integration suite, with a fast expiry sweep so tests can watch it. */
export default async function setup(project: TestProject) {
  const server = await startServer({ EXPIRY_JOB_INTERVAL_MS: "500" }, "integration");
  project.provide("baseUrl", server.url);
  project.provide("serverLog", server.logFile);
  project.provide("databaseUrl", testDatabaseUrl());
  return () => server.stop();
}
