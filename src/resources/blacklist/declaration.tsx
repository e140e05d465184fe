import { resourcePermissions } from "../../schemas/access";
import { type BlacklistEntry, blacklistInputSchema, blacklistSpec } from "../../schemas/blacklist";
import { resourceListParams } from "../../schemas/resource-spec";
import { badgeCell } from "../engine/cells";
import { relativeTimeCell } from "../engine/RelativeTime";
import { defineResource } from "../engine/types";
import { blacklistMessages, blacklistTexts } from "./texts";

// Blacklist (beyond the spec): users or roles barred from opening tickets. This declaration is the whole client
// side of the resource: the engine generates its list, its add dialog (from blacklistInputSchema and its
// `.meta()`), its delete with confirmation, its route, refine resource and sidebar entry. See
// docs/adding-a-resource.md.


export const matchesBlacklistSearch = (entry: BlacklistEntry, query: string) => {
  const q = query.trim().toLowerCase();
  return [entry.TargetId, entry.TargetName ?? "", entry.Reason, entry.Kind].some((text) => text.toLowerCase().includes(q));
};

function BanIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="m5.7 5.7 12.6 12.6" />
    </svg>
  );
}

export const blacklistResource = defineResource<BlacklistEntry, typeof blacklistInputSchema>({
  name: "blacklist",
  label: blacklistTexts.label,
  icon: BanIcon,
  route: "blacklist",
  title: blacklistTexts.label,
  pageName: blacklistTexts.label,
  permissions: resourcePermissions.blacklist,
  endpoint: { path: "blacklist", listKey: "blacklist", idKey: "EntryId", list: resourceListParams(blacklistSpec) },
  schema: blacklistInputSchema,
  messages: blacklistMessages,
  list: {
    title: blacklistTexts.listTitle,
    columns: [
      { key: "Kind", title: "Kind", width: 90, render: badgeCell({ Role: "purple", User: "blue" }, "gray", "blacklist.fields.kind.enum") },
      {
        key: "TargetId",
        title: "User or role",
        width: 240,
        render: (value, entry) => (
          <span className="cell-mono">
            {entry.TargetName ? `@${entry.TargetName} · ` : ""}
            {String(value)}
          </span>
        ),
      },
      { key: "Reason", title: "Reason", truncate: true },
      { key: "CreatedAt", title: "Added", width: 140, render: relativeTimeCell() },
    ],
    search: { placeholder: blacklistTexts.search, match: matchesBlacklistSearch },
    emptyText: blacklistTexts.empty,
  },
  create: { mode: "dialog", title: blacklistTexts.add, submitLabel: blacklistTexts.submit, pendingLabel: blacklistTexts.adding },
  remove: {
    label: blacklistTexts.remove,
    pendingLabel: blacklistTexts.removing,
    confirm: {
      title: blacklistTexts.confirmTitle,
      description: blacklistTexts.confirmDescription,
      okText: blacklistTexts.remove,
      cancelText: blacklistTexts.cancel,
    },
  },
});
