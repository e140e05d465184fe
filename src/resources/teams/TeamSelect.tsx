import { lazy, Suspense, useState, type KeyboardEvent } from "react";
import type { TeamSelectFieldProps } from "./TeamSelectField";

// The Team Management card's searchable team select. antd's Select (rc-select, its virtual list and popup engine:
// about 35 KB of gzipped JavaScript) loads on the first press, key or focus by keyboard; until then a light
// button that looks like it shows the choice or the placeholder. Once loaded, the real select stays.
const TeamSelectField = lazy(() => import("./TeamSelectField"));

const opensMenu = (event: KeyboardEvent) =>
  event.key === "Enter" || event.key === " " || event.key === "ArrowDown" || event.key.length === 1;

export function TeamSelect(props: TeamSelectFieldProps) {
  const [wanted, setWanted] = useState(false);
  const current = props.options.find((o) => o.value === props.value);
  const trigger = (
    <button
      type="button"
      id={props.id}
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      className="input-box team-select-trigger teams-select"
      onMouseDown={() => setWanted(true)}
      onKeyDown={(event) => {
        if (!opensMenu(event)) return;
        event.preventDefault();
        setWanted(true);
      }}
    >
      <span className={current ? "team-select-value" : "team-select-placeholder"} title={current?.label}>
        {current ? current.label : props.placeholder}
      </span>
      <span className="team-select-arrow" aria-hidden="true" />
    </button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <TeamSelectField {...props} autoOpen />
    </Suspense>
  );
}
