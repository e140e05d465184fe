import { Button } from "antd";
import { Card } from "../../ui/blocks";
import { useId, useState } from "react";
import { useSpecT, useTr } from "../../i18n/refine";
import { teamMessages } from "../../schemas/messages";
import { PlusIcon } from "../../ui/icons";

/** 'Create Team': a Team Name input and a Create button; a blank (trimmed) name does nothing (§5). */
export function CreateTeamCard({ pending, onCreate }: { pending: boolean; onCreate: (name: string) => Promise<boolean> }) {
  const tr = useTr();
  const spec = useSpecT();
  const [name, setName] = useState("");
  const inputId = useId();
  const trimmed = name.trim();

  const submit = async () => {
    if (!trimmed || pending) return;
    if (await onCreate(trimmed)) setName("");
  };

  return (
    <Card title={spec(teamMessages, "createTeam")} className="teams-card">
      <form
        className="teams-create"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={inputId} className="teams-label">
          {tr("teams.create.teamName", "Team Name")}
        </label>
        <div className="teams-create-row">
          <input
            id={inputId}
            className="text-field teams-name"
            value={name}
            maxLength={100}
            placeholder={tr("teams.create.placeholder", "e.g. Billing Support")}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="primary" htmlType="submit" icon={<PlusIcon size={16} />} loading={pending} disabled={!trimmed}>
            {pending ? spec(teamMessages, "creating") : tr("teams.create.create", "Create")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
