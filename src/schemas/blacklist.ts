import { z } from "zod";
import { resourcePermissions } from "./access";
import { guildLimits } from "./limits";
import { defineResourceSpec, staleMessage } from "./resource-spec";

/**
 * Blacklist (beyond the spec): users or roles barred from opening tickets. Declared once here; the dashboard
 * screens are generated from it by the resource engine.
 */
export const blacklistKinds = ["User", "Role"] as const;

export const blacklistInputSchema = z.object({
  Kind: z
    .enum(blacklistKinds, { error: "Kind must be User or Role" })
    .meta({ title: "Kind", description: "Bar a single user or everyone with a role", placeholder: "User or Role" }),
  TargetId: z
    .string({ error: "Target id is required" })
    .trim()
    .regex(/^\d{16,21}$/, "Target id must be a user or role id (16 to 21 digits)")
    .meta({ title: "User or role id", placeholder: "e.g. 812345678901234604" }),
  Reason: z
    .string()
    .trim()
    .max(200, "Reason must be at most 200 characters")
    .default("")
    .meta({ title: "Reason", widget: "textarea", rows: 3, placeholder: "Why they may not open tickets (optional)" }),
});
export type BlacklistInput = z.infer<typeof blacklistInputSchema>;

export const blacklistEntrySchema = blacklistInputSchema.extend({
  EntryId: z.number(),
  /** The role's name for a Role entry when the platform knows it; null otherwise. */
  TargetName: z.string().nullable().optional(),
  /** Epoch milliseconds. */
  CreatedAt: z.number(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;
export const blacklistResponseSchema = z.object({ blacklist: z.array(blacklistEntrySchema) });

/** The answers of the blacklist routes, word for word (the dashboard shows them, translated). */
export const blacklistApiMessages = {
  added: "Blacklist entry added",
  updated: "Blacklist entry updated",
  removed: "Blacklist entry removed",
  notFound: "Blacklist entry not found",
  stale: staleMessage("entry"),
  duplicate: (kind: string) => `This ${kind.toLowerCase()} is already blacklisted`,
  unknownRole: "Role not found in this server",
  everyoneRole: "The @everyone role cannot be blacklisted",
  owner: "The server owner cannot be blacklisted",
} as const;

/** Texts of the Blacklist screens (beyond the spec, so not in ./messages.ts). */
export const blacklistTexts = {
  label: "Blacklist",
  listTitle: "Blocked users and roles",
  search: "Search by id, role or reason",
  empty: "Nobody is blacklisted. Add a user or a role to bar them from opening tickets.",
  add: "Add to Blacklist",
  submit: "Add",
  adding: "Adding...",
  remove: "Remove",
  removing: "Removing...",
  confirmTitle: "Remove from the blacklist?",
  confirmDescription: "They will be able to open tickets again.",
  cancel: "Cancel",
} as const;

/**
 * What the API answers and the schema's messages, word for word: the generated screens show them in the current
 * language (the spec's `ui.messages`).
 */
export const blacklistMessages = {
  added: "Blacklist entry added",
  removed: "Blacklist entry removed",
  notFound: "Blacklist entry not found",
  duplicateUser: "This user is already blacklisted",
  duplicateRole: "This role is already blacklisted",
  unknownRole: "Role not found in this server",
  everyoneRole: "The @everyone role cannot be blacklisted",
  owner: "The server owner cannot be blacklisted",
  kindInvalid: "Kind must be User or Role",
  targetRequired: "Target id is required",
  targetInvalid: "Target id must be a user or role id (16 to 21 digits)",
  reasonTooLong: "Reason must be at most 200 characters",
} as const;

/** The blacklist on the resource engine (src/schemas/resource-spec.ts); the server checks targets on the platform. */
export const blacklistSpec = defineResourceSpec({
  name: "blacklist",
  table: "blacklist",
  key: { field: "EntryId", kind: "serial" },
  input: blacklistInputSchema,
  record: blacklistEntrySchema,
  computed: { createdAt: "CreatedAt" },
  unique: [{ fields: ["Kind", "TargetId"], message: (input) => blacklistApiMessages.duplicate(input.Kind) }],
  permissions: resourcePermissions.blacklist,
  activity: { created: "Blacklist Entry Added", updated: "Blacklist Entry Updated", deleted: "Blacklist Entry Removed" },
  bulk: ["delete"],
  limit: { max: guildLimits.blacklist, things: "blacklist entries" },
  order: [
    { field: "createdAt", direction: "desc" },
    { field: "EntryId", direction: "desc" },
  ],
  api: {
    listKey: "blacklist",
    oneKey: "entry",
    messages: {
      created: blacklistApiMessages.added,
      updated: blacklistApiMessages.updated,
      deleted: blacklistApiMessages.removed,
      notFound: blacklistApiMessages.notFound,
      stale: blacklistApiMessages.stale,
    },
  },
  doc: { tag: "Blacklist", summary: "blacklist entries (users or roles barred from opening tickets)" },
  // The Blacklist screen, generated: its list, add dialog (from the schema's .meta()) and delete with confirmation.
  ui: {
    label: blacklistTexts.label,
    title: blacklistTexts.label,
    icon: "ban",
    list: {
      title: blacklistTexts.listTitle,
      columns: [
        { key: "Kind", title: "Kind", width: 90, cell: { name: "badge", colors: { Role: "purple", User: "blue" }, translated: true } },
        { key: "TargetId", title: "User or role", width: 240, cell: { name: "mention", nameField: "TargetName" } },
        { key: "Reason", title: "Reason", truncate: true },
        { key: "CreatedAt", title: "Added", width: 140, cell: "relativeTime" },
      ],
      search: { placeholder: blacklistTexts.search, fields: ["TargetId", "TargetName", "Reason", "Kind"] },
      emptyText: blacklistTexts.empty,
    },
    create: { title: blacklistTexts.add, submitLabel: blacklistTexts.submit, pendingLabel: blacklistTexts.adding },
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
    messages: blacklistMessages,
  },
});
