/** `npm run db:migrate`: apply migrations to DATABASE_URL, or to the embedded PostgreSQL. */
import { closeDb, connection } from "@/db/client";

connection()
  .then((conn) => {
    process.stdout.write(`migrations applied to ${conn.url.replace(/:[^:@/]+@/, ":***@")}\n`);
    return 0;
  })
  .catch((err: unknown) => {
    process.stderr.write(`migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  })
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  });
