import { useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { useTr } from "../../i18n/refine";
import { PencilIcon } from "../../ui/icons";
import { mutationNotifications } from "./notifications";
import { useDeclarationText, useMessageText } from "./texts";
import type { ResourceDeclaration } from "./types";
import "./inline-edit.css";

// One field of a record edited in its list cell, where the declaration's column says `inlineEdit`: Enter (or the
// save button) sends the record's update through the resource's own route — the whole input, with the Revision the
// row was read at, as the editor dialog does, so a change made meanwhile is refused (409) rather than overwritten —
// after the same schema checks the dialog makes; Escape (or cancel) puts the value back.

export interface InlineEditCellProps {
  guildId: string;
  declaration: ResourceDeclaration;
  record: BaseRecord;
  field: string;
  /** The column's title, for the controls' names. */
  label: string;
  /** The cell as it reads when not being edited. */
  children: ReactNode;
}

/** The record's input fields (what the update route takes) with one of them changed. */
export function updateValues(schema: z.ZodType, record: BaseRecord, field: string, value: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const shape = (schema as Partial<z.ZodObject>).shape ?? {};
  for (const key of Object.keys(shape)) if (key in record) values[key] = record[key];
  values[field] = value;
  return values;
}

export function InlineEditCell({ guildId, declaration, record, field, label, children }: InlineEditCellProps) {
  const tr = useTr();
  const text = useDeclarationText(declaration);
  const apiText = useMessageText(declaration);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, mutation } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const idKey = declaration.endpoint?.idKey ?? "id";
  const current = record[field] === null || record[field] === undefined ? "" : String(record[field]);

  const cancel = () => {
    setDraft(null);
    setProblem(null);
  };
  const save = () => {
    if (draft === null || mutation.isPending) return;
    if (draft === current) return cancel();
    const values = updateValues(declaration.schema!, record, field, draft);
    const checked = declaration.schema!.safeParse(values);
    if (!checked.success) {
      const issue = checked.error.issues.find((i) => i.path[0] === field) ?? checked.error.issues[0];
      setProblem(apiText(issue.message));
      return;
    }
    const revision = typeof record.Revision === "number" ? { Revision: record.Revision } : {};
    mutate(
      {
        resource: declaration.name,
        id: String(record[idKey]),
        values: { ...(checked.data as Record<string, unknown>), ...revision },
        meta: { guildId },
        ...mutationNotifications(text("edit.success", declaration.edit?.successMessage), apiText),
      },
      { onSuccess: cancel, onError: (error) => setProblem(apiText(error.message)) },
    );
  };

  if (draft === null) {
    return (
      <span className="inline-edit">
        <span className="inline-edit-value">{children}</span>
        <button
          type="button"
          className="inline-edit-start"
          aria-label={tr("ui.inlineEdit.edit", "Edit {field}", { field: label })}
          title={tr("ui.inlineEdit.edit", "Edit {field}", { field: label })}
          onClick={() => setDraft(current)}
        >
          <PencilIcon size={14} />
        </button>
      </span>
    );
  }
  return (
    <span className="inline-edit inline-edit-open">
      <input
        className="text-field inline-edit-input"
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        value={draft}
        autoFocus
        disabled={mutation.isPending}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          // The row's keys (arrows, Enter opens, ?) are not the field's.
          event.stopPropagation();
          if (event.key === "Enter") {
            event.preventDefault();
            save();
          } else if (event.key === "Escape") {
            event.preventDefault();
            cancel();
          }
        }}
      />
      <button type="button" className="dt-tool" onClick={save} disabled={mutation.isPending}>
        {tr("ui.inlineEdit.save", "Save")}
      </button>
      <button type="button" className="dt-tool" onClick={cancel} disabled={mutation.isPending}>
        {tr("ui.inlineEdit.cancel", "Cancel")}
      </button>
      {problem && (
        <span className="inline-edit-problem" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
