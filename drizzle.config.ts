import { defineConfig } from "drizzle-kit";

// `npm run db:generate` only diffs the schema against db/migrations; it needs no database.
// Migrations are applied by the app at start and by `npm run db:migrate`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
