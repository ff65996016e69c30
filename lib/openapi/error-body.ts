import { z } from "zod";

/** What every error answer of the service holds (components/schemas/Error). */
export const errorBody = z
  .object({
    code: z.string().meta({ description: "Machine-readable code from the service's closed table" }),
    message: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });
