import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { Button, Empty, Input, Tooltip } from "antd";
import { Card } from "../../ui/blocks";
import { useMemo, useState } from "react";
import { useSpecT, useTr } from "../../i18n/refine";
import { limits } from "../../schemas/limits";
import { teamMessages } from "../../schemas/messages";
import type { TeamRole } from "../../schemas/team";
import { SearchIcon } from "../../ui/icons";
import { roleKeyboardCoordinates } from "./keyboard";
import { dropOperation, filterRoles, type RoleList, type RoleLists as Lists, type RoleOp } from "./role-moves";
import type { Tr } from "./texts";

interface DragData {
  list: RoleList;
  role: TeamRole;
}

const listTitle = (tr: Tr, list: RoleList): string =>
  list === "available" ? tr("teams.roles.available", "Available Roles") : tr("teams.roles.team", "Team Roles");

/** The pointer decides while there is one; a keyboard drag (no pointer) goes by the dragged item's rectangle. */
const collision: CollisionDetection = (args) => {
  const byPointer = pointerWithin(args);
  return byPointer.length > 0 ? byPointer : rectIntersection(args);
};

function GripIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: "right" | "left" }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {direction === "right" ? <path d="M5 12h14M13 6l6 6-6 6" /> : <path d="M19 12H5M11 6l-6 6 6 6" />}
    </svg>
  );
}

function RoleChip({ role, overlay }: { role: TeamRole; overlay?: boolean }) {
  return (
    <div className={overlay ? "role-item role-item-overlay" : "role-item"}>
      <span className="role-handle" aria-hidden="true">
        <GripIcon />
      </span>
      <span className="role-dot" aria-hidden="true" />
      <span className="role-name">{role.RoleName}</span>
    </div>
  );
}

function RoleRow({
  list,
  role,
  disabled,
  onMove,
}: {
  list: RoleList;
  role: TeamRole;
  disabled: boolean;
  onMove: (role: TeamRole, op: RoleOp) => void;
}) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: `${list}:${role.RoleId}`,
    data: { list, role } satisfies DragData,
    disabled,
  });
  const tr = useTr();
  const op: RoleOp = list === "available" ? "add" : "remove";
  const actionLabel =
    op === "add"
      ? tr("teams.roles.addToTeam", "Add {role} to the team", { role: role.RoleName })
      : tr("teams.roles.removeFromTeam", "Remove {role} from the team", { role: role.RoleName });
  return (
    <li ref={setNodeRef} className={isDragging ? "role-item role-item-dragging" : "role-item"} data-role-id={role.RoleId}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="role-handle"
        aria-label={tr("teams.roles.drag", "Drag {role}", { role: role.RoleName })}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        <GripIcon />
      </button>
      <span className="role-dot" aria-hidden="true" />
      <span className="role-name">{role.RoleName}</span>
      <Tooltip title={actionLabel} mouseEnterDelay={0.7}>
        <Button
          size="small"
          type="text"
          className="role-action"
          aria-label={actionLabel}
          disabled={disabled}
          icon={<ArrowIcon direction={op === "add" ? "right" : "left"} />}
          onClick={() => onMove(role, op)}
        />
      </Tooltip>
    </li>
  );
}

function RoleColumn({
  list,
  roles,
  dragFrom,
  disabled,
  onMove,
}: {
  list: RoleList;
  roles: TeamRole[];
  dragFrom: RoleList | null;
  disabled: boolean;
  onMove: (role: TeamRole, op: RoleOp) => void;
}) {
  const tr = useTr();
  const spec = useSpecT();
  const [query, setQuery] = useState("");
  const { setNodeRef, isOver } = useDroppable({ id: list });
  const shown = filterRoles(roles, query);
  const receiving = dragFrom !== null && dragFrom !== list;
  const hint = list === "team" ? spec(teamMessages, "dropToAdd") : spec(teamMessages, "dropToRemove");
  const title = listTitle(tr, list);
  const headingId = `role-list-${list}`;
  return (
    <Card
      className="teams-card role-column"
      title={<span id={headingId}>{title}</span>}
      extra={<span className="role-count">{roles.length}</span>}
    >
      <Input
        allowClear
        prefix={<SearchIcon size={16} />}
        placeholder={spec(teamMessages, "searchRoles")}
        aria-label={`${title}: ${spec(teamMessages, "searchRoles")}`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div
        ref={setNodeRef}
        className={["role-drop", receiving ? "role-drop-receiving" : "", receiving && isOver ? "role-drop-over" : ""].join(" ").trim()}
        data-testid={`drop-${list}`}
      >
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={spec(teamMessages, "noRoles")} className="role-empty" />
        ) : (
          <ul className="role-list" aria-labelledby={headingId}>
            {shown.map((role) => (
              <RoleRow key={role.RoleId} list={list} role={role} disabled={disabled} onMove={onMove} />
            ))}
          </ul>
        )}
        {receiving && (
          <div className="role-drop-hint" aria-hidden="true">
            {hint}
          </div>
        )}
      </div>
    </Card>
  );
}

/**
 * Available Roles and Team Roles (§2, §4): roles move by drag and drop (pointer after 5 px, keyboard in 25 px
 * steps) or with each role's add/remove button.
 */
export function RoleLists({ lists, disabled, onMove }: { lists: Lists; disabled: boolean; onMove: (role: TeamRole, op: RoleOp) => void }) {
  const tr = useTr();
  const [active, setActive] = useState<DragData | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: limits.dragActivationPx } }),
    useSensor(KeyboardSensor, { coordinateGetter: roleKeyboardCoordinates }),
  );

  const announcements = useMemo<Announcements>(() => {
    const name = (data: unknown) => (data as DragData | undefined)?.role.RoleName ?? tr("teams.dnd.role", "role");
    const over = (id: unknown) => (id === "team" || id === "available" ? listTitle(tr, id) : "");
    return {
      onDragStart: ({ active: a }) => tr("teams.dnd.pickedUp", "Picked up {role}.", { role: name(a.data.current) }),
      onDragOver: ({ active: a, over: o }) =>
        o
          ? tr("teams.dnd.over", "{role} is over {list}.", { role: name(a.data.current), list: over(o.id) })
          : tr("teams.dnd.notOver", "{role} is no longer over a list.", { role: name(a.data.current) }),
      onDragEnd: ({ active: a, over: o }) =>
        o
          ? tr("teams.dnd.droppedOn", "{role} was dropped on {list}.", { role: name(a.data.current), list: over(o.id) })
          : tr("teams.dnd.dropped", "{role} was dropped.", { role: name(a.data.current) }),
      onDragCancel: ({ active: a }) => tr("teams.dnd.cancelled", "Moving {role} was cancelled.", { role: name(a.data.current) }),
    };
  }, [tr]);

  const onDragStart = (event: DragStartEvent) => setActive((event.active.data.current as DragData | undefined) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const data = event.active.data.current as DragData | undefined;
    if (!data) return;
    const op = dropOperation(data.list, event.over?.id as RoleList | undefined);
    if (op) onMove(data.role, op);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: tr(
            "teams.dnd.instructions",
            "To pick up a role, press space or enter. Use the arrow keys to move it to the other list. Press space or enter again to drop it there, or escape to cancel.",
          ),
        },
      }}
    >
      <div className="role-columns">
        <RoleColumn list="available" roles={lists.available} dragFrom={active?.list ?? null} disabled={disabled} onMove={onMove} />
        <RoleColumn list="team" roles={lists.team} dragFrom={active?.list ?? null} disabled={disabled} onMove={onMove} />
      </div>
      <DragOverlay dropAnimation={null}>{active ? <RoleChip role={active.role} overlay /> : null}</DragOverlay>
    </DndContext>
  );
}

export default RoleLists;
