/** Who acts on the team: the signed-in member (a DashboardSession fits). */
export type TeamActor = { user: { id: string; role: string }; merchant: { id: string } };
