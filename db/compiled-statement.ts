import { is, SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** What drizzle's `.prepare()` gives: a statement built once, run with values for its placeholders. */
type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };
type Buildable = { prepare(name: string): Prepared };

/** The postgres.js client a drizzle handle runs on: the pool's for the database, the connection's for a transaction. */
type WithClient = { client: unknown };

// Shapes are fixed by the code that names them (a transition and the columns it sets): a few dozen.
// Past this, something makes keys from values; it gets the builder, not an ever-growing map.
const MAX_SHAPES = 500;

const built = new Map<string, Prepared>();

function clientOf(db: DbOrTx): unknown {
  const session = (db as unknown as { session?: Partial<WithClient> }).session;
  return session?.client;
}

/**
 * Runs a statement drizzle builds once per process for each shape (`key`), with `values` for its
 * `sql.placeholder`s, on `db` (the database or a transaction). drizzle rebuilds a statement's text on
 * every call (about 0.13 ms of CPU for an UPDATE ... RETURNING of the payments table, and the
 * settlement of one payment runs a dozen statements); a built one is a text, its parameters and the
 * row mapping, and only its client, the connection to run on, differs from call to call. Each
 * placeholder's value still goes through its column's driver mapping (dates, numbers) when filled.
 * `build` must give the same text for the same `key`: make the key of everything that shapes it.
 */
export function runCompiled<T>(
  db: DbOrTx,
  key: string,
  build: (db: DbOrTx) => Buildable,
  values: Record<string, unknown>,
): Promise<T> {
  const client = clientOf(db);
  let prepared = built.get(key);
  if (!prepared || client === undefined) {
    const fresh = build(db).prepare(key);
    if (client === undefined || built.size >= MAX_SHAPES) return fresh.execute(values) as Promise<T>;
    built.set(key, fresh);
    prepared = fresh;
  }
  // The built statement with this call's connection: drizzle's prepared query reads `this.client` when it runs.
  const onThisClient = Object.create(prepared, { client: { value: client } }) as Prepared;
  return onThisClient.execute(values) as Promise<T>;
}

/**
 * A row of column values (an INSERT's, an UPDATE's SET) for a compiled statement: each value becomes
 * the placeholder `${prefix}${column}` (`values` holds it), a null stays a literal null, an undefined
 * is left out as drizzle leaves it out. `shape` names which columns are there and which are null, for
 * the statement's key. Undefined when a value is SQL: an expression is built afresh, not compiled.
 */
export function placeholdersFor(
  row: Record<string, unknown>,
  prefix: string,
): { shape: string; row: Record<string, unknown>; values: Record<string, unknown> } | undefined {
  const shape: string[] = [];
  const built: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === undefined) continue;
    if (is(value, SQL)) return undefined;
    if (value === null) {
      built[column] = null;
      shape.push(`${column}=null`);
    } else {
      built[column] = sql.placeholder(`${prefix}${column}`);
      values[`${prefix}${column}`] = value;
      shape.push(column);
    }
  }
  return { shape: shape.sort().join(","), row: built, values };
}

/** How many shapes this process has built (tests). */
export function compiledShapes(): number {
  return built.size;
}
