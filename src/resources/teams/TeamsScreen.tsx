import { type HttpError, useCan, useCreate, useCustom, useCustomMutation, useDelete, useList, useNotification } from "@refinedev/core";
import { Button, Skeleton } from "antd";
import { Card } from "../../ui/blocks";
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useSpecT, useTr } from "../../i18n/refine";
import type { GuildAccess } from "../../schemas/access";
import { teamMessages } from "../../schemas/messages";
import { type TeamPermission, teamPermissionKeys, type TeamPermissions, type TeamRole, type Team } from "../../schemas/team";
import { ErrorCard } from "../../ui/ErrorCard";
import { SettingsIcon } from "../../ui/icons";
import { PageHeader } from "../../ui/PageHeader";
import type { ResourceScreenProps } from "../engine/types";
import { CreateTeamCard } from "./CreateTeamCard";
import { bulkTogglePermissions, fullPermissions, type PermissionChange, revertPermissions, togglePermission } from "./permission-toggles";
import { applyRoleMove, revertRoleMove, roleFailureToast, roleReplyToast, type RoleOp, splitRoles } from "./role-moves";
import { TeamSelect } from "./TeamSelect";
import "./teams.css";

// What a first visit needs is the two cards; the role lists (drag and drop: @dnd-kit, antd's Tooltip and Empty) and
// the permissions dialog (antd's Modal and Switch) come after a team is chosen, each a chunk of its own.
const RoleLists = lazy(() => import("./RoleLists"));
const PermissionsDialog = lazy(() => import("./PermissionsDialog"));

type MessageBody = { message?: string; team?: { TeamId: string; TeamName: string } };

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

/** Staff Teams (§2): create a team, pick one, move roles in and out, set its permissions, delete it. */
export default function TeamsScreen({ guildId }: ResourceScreenProps) {
  const { open: toast } = useNotification();
  const tr = useTr();
  const spec = useSpecT();
  // The teams (the list) and the guild's roles (beside it in the same answer).
  const { query, result } = useList<Team, HttpError>({
    resource: "teams",
    meta: { guildId },
    pagination: { mode: "off" },
    errorNotification: false,
  });
  // What the caller may grant: a one-off read of their own access, not a resource (useCustom).
  const accessQuery = useCustom<GuildAccess>({
    url: `/${guildId}/permissions`,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: ["teams-screen-access", guildId] },
  });
  const canCreate = useCan({ resource: "teams", action: "create", params: { guildId } }).data?.can === true;
  const canEdit = useCan({ resource: "teams", action: "edit", params: { guildId } }).data?.can === true;
  const canDelete = useCan({ resource: "teams", action: "delete", params: { guildId } }).data?.can === true;
  // Creating and deleting a team are resource operations; moving roles and setting permissions are the team's own
  // sub-routes (useCustomMutation). The screen refetches when its optimistic copies allow it, so refine's automatic
  // invalidation is turned off (`invalidates: []`).
  const { mutateAsync: createOne } = useCreate<MessageBody, HttpError, { team_name: string; roles: string[] }>();
  const { mutateAsync: deleteOne } = useDelete<MessageBody, HttpError>();
  const { mutateAsync } = useCustomMutation<MessageBody>();

  const data = query.data;
  const teams = result.data;
  const guildRoles = useMemo(() => (Array.isArray(result.roles) ? (result.roles as TeamRole[]) : []), [result.roles]);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const selected = teams.find((t) => t.TeamId === selectedId);

  // Optimistic copies of the selected team's roles and permissions. They follow the server's data whenever no
  // change of ours is still on its way.
  const [roles, setRoles] = useState<TeamRole[]>([]);
  const [permissions, setPermissions] = useState<TeamPermissions>(fullPermissions(undefined));
  const pending = useRef(0);
  const selectedRef = useRef<string | null>(null);
  selectedRef.current = selectedId;
  useEffect(() => {
    if (pending.current > 0) return;
    setRoles(selected?.Roles ?? []);
    setPermissions(fullPermissions(selected?.Permissions));
  }, [selected]);
  // Another team: show its own data at once, whatever is still on its way for the previous one.
  const showSelected = useEffectEvent(() => {
    setRoles(selected?.Roles ?? []);
    setPermissions(fullPermissions(selected?.Permissions));
  });
  useEffect(() => showSelected(), [selectedId]);
  /** Applies an optimistic update only while its team is still the one on screen. */
  const forTeam = (teamId: string, update: () => void) => {
    if (selectedRef.current === teamId) update();
  };

  const refetch = useCallback(async () => {
    await query.refetch();
  }, [query]);
  const settle = useCallback(async () => {
    pending.current -= 1;
    if (pending.current === 0) await refetch();
  }, [refetch]);

  // A staff member cannot grant a permission they lack, nor add roles to a team that holds one (the server
  // refuses both; the screen does not offer them).
  const access = accessQuery.query.data?.data;
  const callerHolds = (key: TeamPermission) => !access || access.level !== "staff" || access.permissions[key] === true;
  const canSet = (key: TeamPermission, value: boolean) => canEdit && (!value || callerHolds(key));
  const teamStrongerThanCaller = teamPermissionKeys.some((k) => permissions[k] && !callerHolds(k));

  const createTeam = async (name: string): Promise<boolean> => {
    setCreating(true);
    try {
      const response = await createOne({
        resource: "teams",
        values: { team_name: name, roles: [] },
        meta: { guildId },
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
      toast?.({ type: "success", message: tr("spec.team.created", teamMessages.created(name), { name }) });
      await refetch();
      const created = response.data?.team;
      if (created) setSelectedId(created.TeamId);
      return true;
    } catch (error) {
      toast?.({ type: "error", message: teamMessages.createFailed, description: errorText(error) });
      return false;
    } finally {
      setCreating(false);
    }
  };

  const moveRole = async (role: TeamRole, op: RoleOp) => {
    if (!selected || !canEdit) return;
    const teamId = selected.TeamId;
    setRoles((current) => applyRoleMove(current, role, op));
    pending.current += 1;
    try {
      const response = await mutateAsync({
        url: `/${guildId}/teams/${teamId}/roles`,
        method: op === "add" ? "post" : "delete",
        values: { RoleId: role.RoleId },
        successNotification: false,
        errorNotification: false,
      });
      const outcome = roleReplyToast(op, response.data);
      if (!outcome.ok) forTeam(teamId, () => setRoles((current) => revertRoleMove(current, role, op)));
      toast?.(outcome.toast);
    } catch (error) {
      forTeam(teamId, () => setRoles((current) => revertRoleMove(current, role, op)));
      toast?.(roleFailureToast(op, error));
    } finally {
      await settle();
    }
  };

  const sendPermissions = async (change: PermissionChange) => {
    if (!selected || Object.keys(change.sent).length === 0) return;
    const teamId = selected.TeamId;
    setPermissions(change.next);
    pending.current += 1;
    try {
      await mutateAsync({
        url: `/${guildId}/teams/${teamId}/permissions`,
        method: "put",
        values: { Permissions: change.sent },
        successNotification: false,
        errorNotification: false,
      });
    } catch (error) {
      forTeam(teamId, () => setPermissions((current) => revertPermissions(current, change)));
      toast?.({ type: "error", message: teamMessages.permissionsFailed, description: errorText(error) });
    } finally {
      await settle();
    }
  };

  const deleteTeam = async (): Promise<boolean> => {
    if (!selected) return false;
    setDeleting(true);
    try {
      const response = await deleteOne({
        resource: "teams",
        id: selected.TeamId,
        meta: { guildId },
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
      setSelectedId(null);
      setDialogOpen(false);
      if (response.data?.message) toast?.({ type: "success", message: response.data.message });
      await refetch();
      return true;
    } catch (error) {
      toast?.({ type: "error", message: teamMessages.deleteFailed, description: errorText(error) });
      return false;
    } finally {
      setDeleting(false);
    }
  };

  if (query.isError) {
    return (
      <div className="page">
        <PageHeader title={spec(teamMessages, "pageName")} />
        <ErrorCard page={spec(teamMessages, "pageName")} message={(query.error as HttpError | null)?.message} />
      </div>
    );
  }

  if (query.isLoading || !data) {
    return (
      <div className="page" aria-busy="true">
        <PageHeader title={spec(teamMessages, "pageName")} />
        <div className="teams-top">
          <Card className="teams-card">
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
          <Card className="teams-card">
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        </div>
      </div>
    );
  }

  const lists = splitRoles(guildRoles, roles);
  const options = teams.map((t) => ({ value: t.TeamId, label: t.TeamName }));

  return (
    <div className="page">
      <PageHeader title={spec(teamMessages, "pageName")} />
      <div className={canCreate ? "teams-top" : "teams-top teams-top-single"}>
        {canCreate && <CreateTeamCard pending={creating} onCreate={createTeam} />}
        <Card title={spec(teamMessages, "teamManagement")} className="teams-card">
          <div className="teams-manage">
            <label className="teams-label" htmlFor="team-select">
              {tr("teams.manage.team", "Team")}
            </label>
            <div className="teams-create-row">
              <TeamSelect
                id="team-select"
                placeholder={spec(teamMessages, "selectTeam")}
                options={options}
                value={selected ? selected.TeamId : undefined}
                notFoundContent={<span className="role-count">{tr("teams.manage.noTeams", "No teams found")}</span>}
                onChange={setSelectedId}
              />
              <Button icon={<SettingsIcon size={16} />} disabled={!selected} onClick={() => setDialogOpen(true)}>
                {tr("teams.manage.permissions", "Permissions")}
              </Button>
            </div>
          </div>
        </Card>
      </div>

      {!selected && teams.length > 0 && (
        <p className="teams-note">{tr("teams.manage.selectHint", "Select a team to manage its roles and permissions.")}</p>
      )}

      {selected && (
        <>
          {canEdit && teamStrongerThanCaller && (
            <p className="teams-note" role="note">
              {tr(
                "teams.manage.strongerTeam",
                "This team has permissions you do not have, so you can remove its roles but not add new ones.",
              )}
            </p>
          )}
          <Suspense fallback={<RoleListsFallback />}>
            <RoleLists
              key={selected.TeamId}
              lists={lists}
              disabled={!canEdit}
              onMove={(role, op) => {
                if (op === "add" && teamStrongerThanCaller) return;
                void moveRole(role, op);
              }}
            />
          </Suspense>
        </>
      )}

      {selected && (
        <Suspense fallback={null}>
          <PermissionsDialog
            open={dialogOpen}
            teamName={selected.TeamName}
            permissions={permissions}
            canSet={canSet}
            canEdit={canEdit}
            canDelete={canDelete}
            deleting={deleting}
            onToggle={(key, value) => void sendPermissions(togglePermission(permissions, key, value))}
            onBulkToggle={() => void sendPermissions(bulkTogglePermissions(permissions, canSet))}
            onDelete={deleteTeam}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The two role lists' place while their code arrives (a moment, after the first choice of a team). */
function RoleListsFallback() {
  return (
    <div className="role-columns" aria-busy="true">
      <Card className="teams-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
      <Card className="teams-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    </div>
  );
}
