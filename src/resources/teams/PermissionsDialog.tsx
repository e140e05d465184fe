import { Button, Modal, Switch } from "antd";
import { useState } from "react";
import { useSpecT, useTr } from "../../i18n/refine";
import { teamMessages } from "../../schemas/messages";
import type { TeamPermission, TeamPermissions } from "../../schemas/team";
import { TrashIcon } from "../../ui/icons";
import { allOn, countOn, permissionGroups } from "./permission-toggles";
import { groupTitleText } from "./texts";
import { permissionLabel } from "../engine/permission-texts";

export interface PermissionsDialogProps {
  open: boolean;
  teamName: string;
  permissions: TeamPermissions;
  /** May this key be switched to this value? (EditTeam; a staff member cannot grant what they lack.) */
  canSet: (key: TeamPermission, value: boolean) => boolean;
  canEdit: boolean;
  canDelete: boolean;
  deleting: boolean;
  onToggle: (key: TeamPermission, value: boolean) => void;
  onBulkToggle: () => void;
  onDelete: () => Promise<boolean>;
  onClose: () => void;
}

/** Team Permissions (§2): subtitle, bulk toggle, 26 'Allow team to ...' switches, and Delete Team with its confirmation. */
export function PermissionsDialog(props: PermissionsDialogProps) {
  const { permissions, canSet, canEdit } = props;
  const tr = useTr();
  const spec = useSpecT();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const everyOn = allOn(permissions);
  const bulkLabel = everyOn
    ? tr("teams.permissions.disableAll", "Disable all permissions")
    : tr("teams.permissions.enableAll", "Enable all permissions");

  return (
    <>
      <Modal
        open={props.open}
        onCancel={props.onClose}
        width={640}
        title={
          <div>
            <div className="perm-title">{tr("teams.permissions.title", "Team Permissions · {team}", { team: props.teamName })}</div>
            <div className="perm-subtitle">{spec(teamMessages, "permissionsSubtitle")}</div>
          </div>
        }
        footer={
          <div className="perm-footer">
            {props.canDelete ? (
              <Button danger icon={<TrashIcon size={16} />} onClick={() => setConfirmOpen(true)}>
                {spec(teamMessages, "deleteTeam")}
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={props.onClose}>{tr("teams.permissions.close", "Close")}</Button>
          </div>
        }
        destroyOnHidden
      >
        <div className="row-spread perm-bulk">
          <span className="perm-count">
            {tr("teams.permissions.count", "{count} of {total} allowed", {
              count: countOn(permissions),
              total: Object.keys(permissions).length,
            })}
          </span>
          <Button size="small" onClick={props.onBulkToggle} disabled={!canEdit}>
            {bulkLabel}
          </Button>
        </div>
        <div className="perm-groups">
          {permissionGroups.map((group) => (
            <section key={group.title} className="perm-group" aria-label={groupTitleText(tr, group.title)}>
              <h3 className="perm-group-title">{groupTitleText(tr, group.title)}</h3>
              {group.keys.map((key) => {
                const label = permissionLabel(tr, key);
                const value = permissions[key];
                return (
                  <label key={key} className="row-spread perm-row">
                    <span className="perm-label">{label}</span>
                    <Switch
                      size="small"
                      checked={value}
                      aria-label={label}
                      data-permission={key}
                      disabled={!canSet(key, !value)}
                      onChange={(checked) => props.onToggle(key, checked)}
                    />
                  </label>
                );
              })}
            </section>
          ))}
        </div>
      </Modal>
      <Modal
        open={confirmOpen}
        title={spec(teamMessages, "deleteTeam")}
        onCancel={() => setConfirmOpen(false)}
        footer={[
          <Button key="cancel" onClick={() => setConfirmOpen(false)} disabled={props.deleting}>
            {tr("teams.permissions.cancel", "Cancel")}
          </Button>,
          <Button
            key="delete"
            danger
            type="primary"
            loading={props.deleting}
            onClick={async () => {
              if (await props.onDelete()) setConfirmOpen(false);
            }}
          >
            {props.deleting ? spec(teamMessages, "deleting") : spec(teamMessages, "deleteTeam")}
          </Button>,
        ]}
      >
        <p>{spec(teamMessages, "deleteConfirm")}</p>
      </Modal>
    </>
  );
}

export default PermissionsDialog;
