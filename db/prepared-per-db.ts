/**
 * A query built once per database handle: drizzle's query building costs more CPU than the round trip,
 * so hot queries skip it. (Every query is a prepared statement on the server: db/prepare-by-default.ts.)
 * `prepared(build)` returns the getter; `build` runs on first use for each handle.
 */
export function prepared<D extends object, Q>(build: (db: D) => Q): (db: D) => Q {
  const built = new WeakMap<D, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
