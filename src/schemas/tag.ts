import { z } from "zod";
import { limits } from "./limits";
import { tagMessages } from "./messages";

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
