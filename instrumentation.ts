// Next.js runs register() once when a server process starts, before it serves requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerJobs } = await import("@/lib/jobs/start-server-jobs");
  await startServerJobs();
}
