import { useCustomMutation } from "@refinedev/core";
import { lazy, Suspense, useState } from "react";
import { useTr } from "../../i18n/refine";
import { notify } from "../../providers/notifications";
import { notifyActionFailed } from "./action-error";
import { type TicketBulk, ticketBulkResponseSchema } from "../../schemas/bulk-tickets";
import { ticketPriorities } from "../../schemas/helpdesk";
import type { DataSelection } from "../../ui/DataTable";
import { BulkBar } from "../../ui/grid/BulkBar";
import { SelectField } from "../../ui/blocks";
import { priorityText } from "./helpdesk-texts";

const CloseDialog = lazy(() => import("./CloseDialog"));

type Step = TicketBulk extends infer B ? (B extends { ids: number[] } ? Omit<B, "ids"> : never) : never;

/**
 * The queue's bulk actions on the selected tickets: close (with a reason, from the close dialog) and set the priority,
 * one request each (POST /{guildId}/tickets/bulk: an action, not a resource operation, so useCustomMutation). The
 * server refuses the whole request when one ticket is not the caller's to touch; otherwise its toast says how many
 * tickets the step did, and the queue reloads.
 */
export function useTicketBulk(guildId: string, done: () => void) {
  const tr = useTr();
  const { mutateAsync } = useCustomMutation();
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState<number[] | null>(null);

  const run = async (ids: number[], step: Step) => {
    setBusy(true);
    try {
      const response = await mutateAsync({
        url: `/${guildId}/tickets/bulk`,
        method: "post",
        values: { ...step, ids },
        meta: { onForbidden: "caller" },
        successNotification: false,
        errorNotification: false,
      });
      const { results } = ticketBulkResponseSchema.parse(response.data);
      const ok = results.filter((r) => r.ok).length;
      const refused = results.find((r) => !r.ok);
      notify({
        type: ok === results.length ? "success" : "warning",
        message: tr("tickets.bulk.done", "{done} of {n} tickets done", { done: ok, n: results.length }),
        // One ticket's refusal, in the engine's words (the others said the same or succeeded).
        description: refused ? `#${refused.TicketId}: ${refused.message}` : undefined,
      });
      done();
      return true;
    } catch (e) {
      notifyActionFailed(e, tr);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const idsOf = (selection: DataSelection) => [...selection.keys].map(Number);
  const bar = (selection: DataSelection) => (
    <BulkBar
      actions={[
        {
          key: "close",
          label: tr("tickets.bulk.close", "Close…"),
          danger: true,
          busy,
          onRun: () => setClosing(idsOf(selection)),
        },
      ]}
    >
      <SelectField
        label={tr("tickets.bulk.priority", "Set the priority")}
        className="dt-tool bulk-action"
        value=""
        onChange={(Priority) => {
          if (Priority) void run(idsOf(selection), { action: "priority", Priority });
        }}
        options={[
          { value: "" as const, label: tr("tickets.bulk.priority", "Set the priority") },
          ...ticketPriorities.map((p) => ({ value: p, label: priorityText(tr, p) })),
        ]}
      />
    </BulkBar>
  );

  const dialog = closing && (
    <Suspense fallback={null}>
      <CloseDialog
        guildId={guildId}
        title={tr("tickets.bulk.closeTitle", "Close {n} tickets", { n: closing.length })}
        onCancel={() => setClosing(null)}
        onClose={async (reason) => {
          if (await run(closing, { action: "close", reason })) setClosing(null);
        }}
      />
    </Suspense>
  );

  return { bar, dialog };
}
