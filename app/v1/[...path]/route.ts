import { ApiError } from "@/lib/errors/api-error";
import { route } from "@/lib/http/route";

/** Any /v1 path no route serves: a JSON 404 an API client can read, not the HTML page. */
const notFound = route<{ path: string[] }>(async ({ params }) => {
  throw new ApiError("not_found", `No API route at /v1/${params.path.join("/").slice(0, 200)}`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
