import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useT } from "../../i18n/react";
import { notify } from "../../providers/notifications";
import {
  paramsOfView,
  sameViewState,
  savedViewLimits,
  savedViewListResponseSchema,
  savedViewMessages,
  viewStateOf,
  type SavedView,
} from "../../schemas/saved-view";
import { PopupMenu } from "../blocks";
import "./saved-views.css";

// The "Views" control above a grid: the user's saved views of this list (pick one, save the current filters, sort and
// columns as one, update, rename or delete the one picked) and the link to what is on screen. The list's state is its
// URL (ui/grid/list-url.ts), so picking a view is going to its URL, and the link is the URL itself: whoever may read
// the list on this server sees the same rows. The views are a list's own settings, not a dashboard resource: they are
// read and written through refine's custom hooks.

type Editing = { kind: "save" } | { kind: "rename"; view: SavedView };

export function SavedViews({ guildId, list }: { guildId: string; list: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [name, setName] = useState("");
  const { query } = useCustom<{ views?: unknown }, HttpError>({
    url: `/${guildId}/views`,
    method: "get",
    config: { query: { list } },
    errorNotification: false,
    queryOptions: { queryKey: ["saved-views", guildId, list] },
  });
  const { mutateAsync, mutation } = useCustomMutation<{ view?: SavedView }>();
  const parsed = savedViewListResponseSchema.safeParse(query.data?.data);
  const views = parsed.success ? parsed.data.views : [];
  const state = viewStateOf(params);
  const viewId = Number(params.get("view") ?? "");
  const current = views.find((v) => v.ViewId === viewId);
  const changed = current !== undefined && !sameViewState(current.State, state);

  /** The server's refusals in the reader's language. */
  const problem = (error: unknown) => {
    const message = (error as HttpError | undefined)?.message ?? "";
    if (message === savedViewMessages.duplicate) return t("ui.savedViews.duplicate", "You already have a view of this list with that name");
    if (message === savedViewMessages.quotaFull(savedViewLimits.perList))
      return t("ui.savedViews.quotaFull", "You keep at most {max} views of this list: delete one first", { max: savedViewLimits.perList });
    return message || t("ui.savedViews.failed", "The view could not be saved");
  };
  const send = async (method: "post" | "patch" | "delete", url: string, values: object, done: string) => {
    try {
      const { data } = await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      await query.refetch();
      notify({ type: "success", message: done });
      return data.view;
    } catch (error) {
      notify({ type: "error", message: problem(error) });
      return undefined;
    }
  };
  const open = (view: SavedView) => setParams(paramsOfView(view.State, view.ViewId));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || !name.trim()) return;
    if (editing.kind === "save") {
      const view = await send("post", `/${guildId}/views`, { list, name, state }, t("ui.savedViews.saved", "View saved"));
      if (view) {
        setEditing(null);
        setParams(paramsOfView(view.State, view.ViewId), { replace: true });
      }
    } else {
      const view = await send("patch", `/${guildId}/views/${editing.view.ViewId}`, { name }, t("ui.savedViews.renamed", "View renamed"));
      if (view) setEditing(null);
    }
  };
  const startEditing = (next: Editing) => {
    setName(next.kind === "rename" ? next.view.Name : "");
    setEditing(next);
  };
  const copyLink = async () => {
    const link = `${window.location.origin}${window.location.pathname}?${paramsOfView(state, current?.ViewId)}`;
    try {
      await navigator.clipboard.writeText(link);
      notify({ type: "success", message: t("ui.savedViews.linkCopied", "Link copied") });
    } catch {
      notify({ type: "error", message: t("ui.savedViews.linkNotCopied", "The link could not be copied"), description: link });
    }
  };

  const label = current
    ? changed
      ? t("ui.savedViews.currentChanged", "View: {name} (changed)", { name: current.Name })
      : t("ui.savedViews.current", "View: {name}", { name: current.Name })
    : t("ui.savedViews.views", "Views");

  return (
    <div className="saved-views">
      <PopupMenu
        placement="below"
        trigger={({ open: shown, toggle }) => (
          <button type="button" className="dt-tool saved-views-trigger" aria-haspopup="menu" aria-expanded={shown} onClick={toggle}>
            {label}
          </button>
        )}
      >
        {(close) => {
          const item = (text: string, action: () => void, extra?: { current?: boolean; danger?: boolean }) => (
            <button
              key={text}
              type="button"
              role="menuitem"
              className={["popup-menu-item", extra?.danger && "saved-views-danger"].filter(Boolean).join(" ")}
              aria-current={extra?.current || undefined}
              onClick={() => {
                close();
                action();
              }}
            >
              {text}
            </button>
          );
          return (
            <>
              {views.length === 0 ? (
                <p className="saved-views-none">{t("ui.savedViews.none", "No saved views yet")}</p>
              ) : (
                views.map((view) => (
                  <button
                    key={view.ViewId}
                    type="button"
                    role="menuitem"
                    className="popup-menu-item saved-views-view"
                    aria-current={view.ViewId === current?.ViewId || undefined}
                    onClick={() => {
                      close();
                      open(view);
                    }}
                  >
                    {view.Name}
                  </button>
                ))
              )}
              <hr className="saved-views-rule" />
              {item(t("ui.savedViews.saveAs", "Save current view as…"), () => startEditing({ kind: "save" }))}
              {current &&
                changed &&
                item(
                  t("ui.savedViews.update", "Update “{name}”", { name: current.Name }),
                  () => void send("patch", `/${guildId}/views/${current.ViewId}`, { state }, t("ui.savedViews.updated", "View updated")),
                )}
              {current &&
                item(t("ui.savedViews.rename", "Rename “{name}”…", { name: current.Name }), () =>
                  startEditing({ kind: "rename", view: current }),
                )}
              {current &&
                item(
                  t("ui.savedViews.delete", "Delete “{name}”", { name: current.Name }),
                  () =>
                    void send("delete", `/${guildId}/views/${current.ViewId}`, {}, t("ui.savedViews.deleted", "View deleted")).then(() =>
                      setParams(paramsOfView(state), { replace: true }),
                    ),
                  { danger: true },
                )}
              {item(t("ui.savedViews.copyLink", "Copy link"), () => void copyLink())}
            </>
          );
        }}
      </PopupMenu>
      {editing && (
        <form className="saved-views-form" onSubmit={submit}>
          <input
            className="text-field"
            aria-label={t("ui.savedViews.name", "View name")}
            placeholder={t("ui.savedViews.name", "View name")}
            maxLength={savedViewLimits.nameMax}
            value={name}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setEditing(null);
            }}
          />
          <button type="submit" className="dt-tool saved-views-submit" disabled={!name.trim() || mutation.isPending}>
            {editing.kind === "save" ? t("ui.savedViews.save", "Save") : t("ui.savedViews.renameSubmit", "Rename")}
          </button>
          <button type="button" className="dt-tool" onClick={() => setEditing(null)}>
            {t("ui.savedViews.cancel", "Cancel")}
          </button>
        </form>
      )}
    </div>
  );
}
