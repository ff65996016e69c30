import type { Permission } from "@/lib/team/permissions";

/** What a page shows a member whose role lacks the permission it needs: which one, and who can grant it. */
export function MissingPermission({
  title,
  permission,
  role,
}: {
  title: string;
  permission: Permission;
  role: string;
}) {
  return (
    <>
      <h1>{title}</h1>
      <div className="dash-panel" role="alert" data-testid="missing-permission">
        <p>
          You need the permission <code>{permission}</code> to see this page; your role ({role}) does not have it.
        </p>
        <p className="dash-muted">An owner or admin of your team can change your role on the Team page.</p>
      </div>
    </>
  );
}
