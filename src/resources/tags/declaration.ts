import { resourcePermissions } from "../../schemas/access";
import { limits } from "../../schemas/limits";
import { tagMessages } from "../../schemas/messages";
import { resourceListParams } from "../../schemas/resource-spec";
import { matchesTagSearch, tagInputSchema, tagsSpec, type Tag } from "../../schemas/tag";
import { TagIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Tags (SPEC §2, §4, §5, §7): declared on the engine; every screen of it is generated.
// Column titles and field labels are the spec's words; messages.ts holds no constants for them.
export const tagsResource = defineResource<Tag, typeof tagInputSchema>({
  name: "tags",
  label: tagMessages.pageName,
  icon: TagIcon,
  route: "tags",
  title: tagMessages.title,
  pageName: tagMessages.pageName,
  permissions: resourcePermissions.tags,
  endpoint: { path: "tags", listKey: "tags", idKey: "TagId", list: resourceListParams(tagsSpec) },
  cache: { staleTime: limits.tagCacheFreshMs, gcTime: limits.tagCacheKeptMs },
  schema: tagInputSchema,
  fields: {
    TagName: { title: "Tag Name", placeholder: "greeting" },
    Content: { title: "Tag Content", widget: "textarea", rows: 6, placeholder: "Hello! A staff member will be with you shortly." },
  },
  list: {
    title: tagMessages.manageTags,
    columns: [
      { key: "TagId", title: "ID", mono: true, truncate: true, width: 120, hideOnMobile: true },
      { key: "TagName", title: "Name", truncate: true, width: 200 },
      { key: "Content", title: "Content", truncate: true },
    ],
    search: { placeholder: tagMessages.search, match: matchesTagSearch },
    emptyText: tagMessages.empty,
  },
  create: {
    mode: "dialog",
    title: tagMessages.addNewTag,
    submitLabel: tagMessages.addTag,
    pendingLabel: tagMessages.adding,
  },
  remove: { label: tagMessages.delete, pendingLabel: tagMessages.deleting },
  // What the API answers (server/routes/tags.ts), shown in the current language.
  messages: { created: "Tag created successfully", deleted: "Tag deleted successfully" },
});
