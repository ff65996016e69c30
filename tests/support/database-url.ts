import { embeddedUrl } from "@/db/embedded";
import { TEST_ENV } from "./server";

/** The database the test servers use: DATABASE_URL when CI sets it, else the test embedded server. */
export function testDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? embeddedUrl(TEST_ENV.EMBEDDED_PG_DIR!, Number(TEST_ENV.EMBEDDED_PG_PORT));
}
