import { type HttpError, useCustomMutation, useInvalidate } from "@refinedev/core";
import { useState } from "react";
import type { BulkTarget, ResourceBulkResponse } from "../../schemas/bulk";
import { useTr } from "../../i18n/refine";
import { notify } from "../../providers/notifications";
import { type BulkAction, undoToast } from "../../ui/grid/BulkBar";
import { mutationNotifications } from "./notifications";
import { useMessageText } from "./texts";
import type { ResourceDeclaration } from "./types";

/**
 * A declaration's bulk delete with its Undo: one request for the selection, then a toast "N deleted" with Undo for
 * some seconds instead of a question first; Undo sends the answer's token back (`restore`). Both are actions on the
 * resource's bulk route, not resource operations (useCustomMutation); the lists are refreshed after each.
 */
export function useBulkDelete(declaration: Pick<ResourceDeclaration, "name" | "messages" | "endpoint">, guildId: string) {
  const tr = useTr();
  const apiText = useMessageText(declaration);
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<ResourceBulkResponse, HttpError>();
  const [busy, setBusy] = useState(false);
  const url = `/${guildId}/${declaration.endpoint?.path ?? declaration.name}/bulk`;
  const { errorNotification } = mutationNotifications(undefined, apiText);
  const refresh = () => invalidate({ resource: declaration.name, invalidates: ["list"] });

  const send = async (values: object) => {
    try {
      return (await mutateAsync({ url, method: "post", values, successNotification: false, errorNotification })).data;
    } catch {
      return undefined; // the error toast is shown
    } finally {
      await refresh();
    }
  };

  const restore = async (token: string) => {
    const done = await send({ action: "restore", token });
    if (done) notify({ type: "success", message: tr("ui.bulkDelete.restored", "{n} restored", { n: done.count }) });
  };

  /** Deletes the target; `onDone` runs once it is gone (the screen clears its selection). */
  const remove = async (target: BulkTarget, onDone: () => void) => {
    setBusy(true);
    const done = await send({ action: "delete", ...target });
    setBusy(false);
    if (!done) return;
    onDone();
    const token = done.undoToken;
    undoToast({
      message: tr("ui.bulkDelete.deleted", "{n} deleted", { n: done.count }),
      undoLabel: tr("ui.bulkDelete.undo", "Undo"),
      onUndo: () => {
        if (token) void restore(token);
      },
    });
  };

  /** The bulk bar's "Delete selected": deletes what `target` names when run, then `onDone`. */
  const action = (target: () => BulkTarget, onDone: () => void): BulkAction => ({
    key: "delete",
    label: tr("ui.bulkDelete.delete", "Delete selected"),
    busyLabel: tr("ui.bulkDelete.deleting", "Deleting..."),
    busy,
    danger: true,
    onRun: () => void remove(target(), onDone),
  });

  return { action };
}
