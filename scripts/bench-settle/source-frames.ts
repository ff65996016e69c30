import { existsSync, readFileSync } from "node:fs";
import { FlattenMap, originalPositionFor, type TraceMap } from "@jridgewell/trace-mapping";

/**
 * Frames of the app's bundle named by their sources: the production build's server chunks are minified
 * (one line per chunk, names shortened; `turbopackMinify: false` did not change that under Next 16), and
 * every chunk has its source map beside it (`<chunk>.js.map`, sectioned). Frames outside a mapped chunk
 * (Node, node_modules loaded at run time) keep their own place.
 */
export type SourceFrame = { name: string; source: string; line: number };

const maps = new Map<string, TraceMap | null>();

function mapOf(path: string): TraceMap | null {
  let map = maps.get(path);
  if (map === undefined) {
    const file = `${path}.map`;
    map = existsSync(file) ? new FlattenMap(readFileSync(file, "utf8")) : null;
    maps.set(path, map);
  }
  return map;
}

/** The source position of a frame at (0-based) `lineNumber`, `columnNumber` of `url`, or undefined when unmapped. */
export function sourceFrameOf(callFrame: {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
}): SourceFrame | undefined {
  const { url, lineNumber, columnNumber = 0 } = callFrame;
  if (!url.startsWith("file://") || !url.includes("/server/chunks/") || lineNumber < 0) return undefined;
  const map = mapOf(url.slice("file://".length));
  if (!map) return undefined;
  const found = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  if (!found.source) return undefined;
  // Turbopack writes sources as "turbopack:///[project]/lib/x.ts" or ".../node_modules/pkg/x.js".
  // A package whose own source maps name its sources relatively (drizzle-orm's) comes out as
  // "node_modules/src/…": the package's name is lost there, and the frame keeps the path it has.
  const source = decodeURIComponent(found.source.replace(/^.*\[project\]\//, "").replace(/^(\.\.\/)+/, ""));
  return { name: found.name ?? callFrame.functionName, source, line: found.line ?? 0 };
}
