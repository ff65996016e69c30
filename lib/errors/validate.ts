import type { z } from "zod";
import { ApiError, type FieldIssue } from "./api-error";

/** zod issues as the spec's `issues[{field, message}]`; `field` is a dotted path (`amount.value`). */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
}

/** Parse untrusted input with a zod schema or throw 400 `params_validation` listing every problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what = "Request body"): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = toFieldIssues(result.error);
    const first = issues[0];
    const summary = first ? `${first.field}: ${first.message}` : "invalid";
    throw new ApiError("params_validation", `${what} is invalid (${summary})`, { issues });
  }
  return result.data;
}
