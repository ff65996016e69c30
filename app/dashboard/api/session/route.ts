import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";

/** Who is signed in, and the CSRF token mutations must echo (same-origin pages only: no CORS). */
export const GET = dashboardRoute("two-factor-enrolment", async ({ session }) => {
  return json({
    user: session.user,
    merchant: { id: session.merchant.id, name: session.merchant.name },
    csrfToken: session.csrfToken,
  });
});
