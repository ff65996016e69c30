/**
 * The settings table of docs/operations.md, generated from lib/env.ts so that the two cannot drift.
 *
 * lib/env.ts is read as source text and parsed with the TypeScript compiler, not imported: its schema is
 * not exported, and the table needs the JSDoc comments, which exist only in the source. Each property of
 * the `envSchema = z.object({…})` literal becomes a row: its name, its default (the third argument of
 * `intFromEnv`, or `.default(…)`), what it accepts (the integer range, the enum's values, the regex's
 * message) and the JSDoc comment above it.
 */
import ts from "typescript";

export const CONFIG_START = "<!-- config:start -->";
export const CONFIG_END = "<!-- config:end -->";

export interface Setting {
  name: string;
  /** Markdown: `value`, or "unset". */
  defaultValue: string;
  /** Markdown: what the schema accepts, "" when it says nothing more than "text". */
  accepts: string;
  description: string;
}

/** The settings of lib/env.ts, in the order they are declared. Throws when one has no JSDoc comment. */
export function settingsFromEnvSource(source: string): Setting[] {
  const file = ts.createSourceFile("env.ts", source, ts.ScriptTarget.ES2022, true);
  const schema = findSchemaLiteral(file);
  const settings: Setting[] = [];
  const undocumented: string[] = [];
  for (const property of schema.properties) {
    if (!ts.isPropertyAssignment(property)) throw new Error(`envSchema: unexpected member ${property.getText()}`);
    const name = property.name.getText(file);
    const description = jsDocOf(property);
    if (!description) undocumented.push(name);
    settings.push({ name, ...readSchema(property.initializer, file), description });
  }
  if (undocumented.length)
    throw new Error(`lib/env.ts: give each setting a /** comment */ saying what it does: ${undocumented.join(", ")}`);
  return settings;
}

/** The markdown table of the settings (no trailing newline). */
export function renderConfigTable(settings: Setting[]): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const rows = settings.map(
    (s) => `| \`${s.name}\` | ${cell(s.defaultValue)} | ${cell(s.accepts)} | ${cell(s.description)} |`,
  );
  return ["| Variable | Default | Accepts | Meaning |", "|---|---|---|---|", ...rows].join("\n");
}

/** `doc` with everything between the config markers replaced by `table`. Throws when the markers are missing. */
export function withConfigTable(doc: string, table: string): string {
  const start = doc.indexOf(CONFIG_START);
  const end = doc.indexOf(CONFIG_END);
  if (start < 0 || end < start) throw new Error(`the document has no ${CONFIG_START} … ${CONFIG_END} markers`);
  const note = "<!-- Generated from lib/env.ts by `npm run docs:config`; edit the comments there, not here. -->";
  return `${doc.slice(0, start)}${CONFIG_START}\n${note}\n\n${table}\n\n${doc.slice(end)}`;
}

/** The whole generation: the document as it should be, given lib/env.ts's source. */
export function regenerate(doc: string, envSource: string): string {
  return withConfigTable(doc, renderConfigTable(settingsFromEnvSource(envSource)));
}

function findSchemaLiteral(file: ts.SourceFile): ts.ObjectLiteralExpression {
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === "envSchema" && node.initializer) {
      const call = node.initializer;
      if (ts.isCallExpression(call) && call.arguments[0] && ts.isObjectLiteralExpression(call.arguments[0]))
        found = call.arguments[0];
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) throw new Error("lib/env.ts: no `const envSchema = z.object({…})` found");
  return found;
}

/** The JSDoc comment directly above a property, as one line of text. */
function jsDocOf(node: ts.Node): string {
  const docs = (node as ts.Node & { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  const last = docs[docs.length - 1];
  if (!last) return "";
  const comment = typeof last.comment === "string" ? last.comment : ts.getTextOfJSDocComment(last.comment);
  return (comment ?? "").replace(/\s+/g, " ").trim();
}

/** Walk the zod chain of one setting: `intFromEnv(min, max, default)` or `z.….regex(…).default(…).optional()`. */
function readSchema(expr: ts.Expression, file: ts.SourceFile): Omit<Setting, "name" | "description"> {
  let defaultValue = "unset";
  let accepts = "";
  let node: ts.Expression = expr;
  while (ts.isCallExpression(node)) {
    const callee = node.expression;
    const args = node.arguments;
    if (ts.isIdentifier(callee) && callee.text === "intFromEnv") {
      const [min, max, fallback] = args.map((a) => evaluateNumber(a, file));
      defaultValue = `\`${fallback}\``;
      accepts = `integer ${min} to ${max}`;
      break;
    }
    if (!ts.isPropertyAccessExpression(callee)) break;
    const method = callee.name.text;
    const first = args[0];
    if (method === "default" && first) defaultValue = `\`${literalText(first, file)}\``;
    else if (method === "regex" && args[1] && ts.isStringLiteral(args[1]))
      accepts = args[1].text.replace(/^must be /, "");
    else if (method === "enum" && first && ts.isArrayLiteralExpression(first))
      accepts = first.elements.map((e) => `\`${literalText(e, file)}\``).join(", ");
    else if (method === "url") accepts = "an http(s) URL";
    node = callee.expression;
  }
  return { defaultValue, accepts };
}

function literalText(node: ts.Expression, file: ts.SourceFile): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return String(evaluateNumber(node, file));
}

/** A numeric literal, or products and sums of them (`30 * 24 * 3600`, `1_000`). */
function evaluateNumber(node: ts.Expression | undefined, file: ts.SourceFile): number {
  if (!node) throw new Error("intFromEnv needs min, max and a default");
  if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ""));
  if (ts.isParenthesizedExpression(node)) return evaluateNumber(node.expression, file);
  if (ts.isBinaryExpression(node)) {
    const left = evaluateNumber(node.left, file);
    const right = evaluateNumber(node.right, file);
    if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return left * right;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return left + right;
    if (node.operatorToken.kind === ts.SyntaxKind.MinusToken) return left - right;
  }
  throw new Error(`lib/env.ts: cannot evaluate ${node.getText(file)} (use numbers, *, + and -)`);
}
