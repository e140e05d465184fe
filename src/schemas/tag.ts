import { z } from "zod";
import { resourcePermissions } from "./access";
import { guildLimits, limits } from "./limits";
import { tagMessages } from "./messages";
import { defineResourceSpec, resourceActivity, resourceApi } from "./resource-spec";

/** A tag (canned reply) of §3 with the rules of §5. */
export const tagInputSchema = z.object({
  TagName: z
    .string({ error: tagMessages.nameRequired })
    .trim()
    .min(1, tagMessages.nameRequired)
    .max(limits.tagNameMax, tagMessages.nameTooLong),
  Content: z
    .string({ error: tagMessages.contentRequired })
    .trim()
    .min(1, tagMessages.contentRequired)
    .max(limits.tagContentMax, tagMessages.contentTooLong),
});
export type TagInput = z.infer<typeof tagInputSchema>;

export const tagSchema = tagInputSchema.extend({ TagId: z.string().uuid() });
export type Tag = z.infer<typeof tagSchema>;
export const tagsResponseSchema = z.object({ tags: z.array(tagSchema) });

/** §2: the 'Search tag' filter is a case-sensitive substring of the name or the content. */
export const matchesTagSearch = (tag: Pick<Tag, "TagName" | "Content">, query: string) =>
  tag.TagName.includes(query) || tag.Content.includes(query);

/** Tags on the resource engine (src/schemas/resource-spec.ts): their table, routes and answers. */
export const tagsSpec = defineResourceSpec({
  name: "tags",
  table: "tags",
  key: { field: "TagId", kind: "uuid" },
  input: tagInputSchema,
  record: tagSchema,
  columns: { TagName: "name", Content: "content" },
  unique: [{ fields: ["TagName"], message: (input) => `A tag named "${input.TagName}" already exists` }],
  permissions: resourcePermissions.tags,
  activity: resourceActivity("tag"),
  bulk: ["delete"],
  limit: { max: guildLimits.tags, things: "tags" },
  order: [{ field: "createdAt", direction: "asc" }],
  api: resourceApi("tags", "tag", "tag", " successfully"),
  doc: { tag: "Tags", summary: "tags (canned replies)" },
  // SPEC §2, §4: the Tags screen, generated. Column titles and field labels are the spec's words.
  ui: {
    label: tagMessages.pageName,
    title: tagMessages.title,
    pageName: tagMessages.pageName,
    icon: "tag",
    cache: { staleTime: limits.tagCacheFreshMs, gcTime: limits.tagCacheKeptMs },
    fields: {
      TagName: { title: "Tag Name", placeholder: "greeting" },
      Content: { title: "Tag Content", widget: "textarea", rows: 6, placeholder: "Hello! A staff member will be with you shortly." },
    },
    list: {
      title: tagMessages.manageTags,
      columns: [
        { key: "TagId", title: "ID", cell: "mono", truncate: true, width: 120, hideOnMobile: true },
        { key: "TagName", title: "Name", truncate: true, width: 200, inlineEdit: true },
        { key: "Content", title: "Content", truncate: true },
      ],
      // §2: 'Search tag' is a case-sensitive substring of the name or the content (matchesTagSearch).
      search: { placeholder: tagMessages.search, fields: ["TagName", "Content"], caseSensitive: true },
      emptyText: tagMessages.empty,
    },
    create: { title: tagMessages.addNewTag, submitLabel: tagMessages.addTag, pendingLabel: tagMessages.adding },
    remove: { label: tagMessages.delete, pendingLabel: tagMessages.deleting },
  },
});
