import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative } from "node:path";

/** The runtime stage of the Dockerfile, as the offline check replays it. */
export type RuntimeStage = {
  name: string;
  workdir: string;
  env: Record<string, string>;
  copies: { from?: string; sources: string[]; dest: string }[];
  user?: string;
  healthcheck?: string[];
  entrypoint: string[];
  cmd: string[];
};

/** Instructions the replay knows; any other in the runtime stage fails the check rather than being skipped. */
const KNOWN = new Set([
  "FROM",
  "WORKDIR",
  "ENV",
  "COPY",
  "USER",
  "EXPOSE",
  "HEALTHCHECK",
  "ENTRYPOINT",
  "CMD",
  "LABEL",
]);

/** The Dockerfile's instructions: comments dropped, continuation lines joined. */
function instructions(text: string): { op: string; args: string }[] {
  const joined = text.replace(/\\\r?\n/g, " ");
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const op = line.split(/\s+/, 1)[0]!;
      return { op: op.toUpperCase(), args: line.slice(op.length).trim() };
    });
}

/** An exec-form argument list (`["node", "x"]`); the shell form would put a shell between the signal and node. */
function execForm(op: string, args: string): string[] {
  if (!args.startsWith("[")) throw new Error(`${op} must use the exec form (a JSON array), got: ${args}`);
  return JSON.parse(args) as string[];
}

/** The last stage of `dockerfile` (the image that runs), with what the offline check needs of it. */
export function readRuntimeStage(dockerfile: string): RuntimeStage & { stages: Map<string, string> } {
  const stages = new Map<string, string>(); // stage name -> its WORKDIR
  let stage: RuntimeStage | undefined;
  for (const { op, args } of instructions(readFileSync(dockerfile, "utf8"))) {
    if (op === "ARG" && !stage) continue;
    if (op === "FROM") {
      const name = /\sAS\s+(\S+)$/i.exec(args)?.[1] ?? String(stages.size);
      // A stage built on an earlier one (FROM deps AS build) starts in that one's WORKDIR.
      const workdir = stages.get(args.split(/\s+/)[0]!) ?? "/";
      stage = { name, workdir, env: {}, copies: [], entrypoint: [], cmd: [] };
      stages.set(name, workdir);
      continue;
    }
    if (!stage) throw new Error(`${op} before the first FROM`);
    if (op === "WORKDIR") {
      stage.workdir = isAbsolute(args) ? args : join(stage.workdir, args);
      stages.set(stage.name, stage.workdir);
    } else if (op === "ENV") {
      for (const pair of args.split(/\s+/)) {
        const match = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'$\\]*)$/.exec(pair);
        if (!match) throw new Error(`ENV the check cannot read (write NAME=value pairs without quotes): ${pair}`);
        stage.env[match[1]!] = match[2]!;
      }
    } else if (op === "COPY") {
      const words = args.split(/\s+/);
      const flags = words.filter((w) => w.startsWith("--"));
      const paths = words.filter((w) => !w.startsWith("--"));
      const from = flags.find((f) => f.startsWith("--from="))?.slice("--from=".length);
      if (args.startsWith("[") || paths.length < 2) throw new Error(`COPY the check cannot read: ${args}`);
      stage.copies.push({ from, sources: paths.slice(0, -1), dest: paths.at(-1)! });
    } else if (op === "USER") stage.user = args;
    else if (op === "ENTRYPOINT") stage.entrypoint = execForm(op, args);
    else if (op === "CMD") stage.cmd = execForm(op, args);
    else if (op === "HEALTHCHECK") {
      const at = args.search(/(^|\s)CMD\s/);
      if (at < 0) throw new Error(`HEALTHCHECK without CMD: ${args}`);
      stage.healthcheck = execForm("HEALTHCHECK CMD", args.slice(args.indexOf("CMD", at) + 3).trim());
    }
  }
  if (!stage) throw new Error(`no FROM in ${dockerfile}`);
  // Only the runtime stage must be understood in full: the earlier ones run in the build, not here.
  const all = instructions(readFileSync(dockerfile, "utf8"));
  for (const { op } of all.slice(all.findLastIndex((i) => i.op === "FROM")))
    if (!KNOWN.has(op)) throw new Error(`the runtime stage has ${op}, which the offline check cannot replay`);
  return { ...stage, stages };
}

/**
 * Copy what the runtime stage's COPY lines copy into `into`, an empty folder standing for the image's file
 * system. A path in another stage (COPY --from=build /app/x) is read from `buildRoot` (the checkout after
 * `next build`, which is what that stage holds at its WORKDIR); `.next` there is `distDir`. Docker's rules:
 * a folder's contents are copied, several sources (or a destination ending in /) go into a folder.
 */
export function assembleImage(
  stage: RuntimeStage & { stages: Map<string, string> },
  { into, buildRoot, distDir }: { into: string; buildRoot: string; distDir: string },
): string {
  const workdir = join(into, stage.workdir);
  mkdirSync(workdir, { recursive: true });
  for (const { from, sources, dest } of stage.copies) {
    const target = isAbsolute(dest) ? join(into, dest) : join(workdir, dest);
    const intoFolder = dest.endsWith("/") || sources.length > 1;
    for (const source of sources) {
      let path = source;
      if (from !== undefined) {
        const fromDir = stage.stages.get(from);
        if (fromDir === undefined) throw new Error(`COPY --from=${from}: no such stage`);
        const inStage = relative(fromDir, isAbsolute(source) ? source : join(fromDir, source));
        if (inStage.startsWith("..")) throw new Error(`COPY --from=${from} ${source}: outside ${fromDir}`);
        path = inStage;
      }
      path = path.replace(/^\.next(?=\/|$)/, distDir);
      const src = join(buildRoot, path);
      if (!existsSync(src)) throw new Error(`COPY ${source}: ${src} does not exist (was the build run?)`);
      if (statSync(src).isDirectory()) {
        mkdirSync(target, { recursive: true });
        cpSync(src, target, { recursive: true, verbatimSymlinks: true });
      } else {
        const file = intoFolder ? join(target, basename(src)) : target;
        mkdirSync(dirname(file), { recursive: true });
        cpSync(src, file);
      }
    }
  }
  return workdir;
}
