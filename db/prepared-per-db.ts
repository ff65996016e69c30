/**
 * A named prepared statement, built once per database handle: parsed and planned once per
 * connection, and one round trip per call (drizzle sends an unnamed query as describe + execute).
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
