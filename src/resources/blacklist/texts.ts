// Texts of the Blacklist screens (beyond the spec, so not in src/schemas/messages.ts).
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
 * What the API answers (server/routes/blacklist.ts) and the schema's messages (src/schemas/blacklist.ts), word for
 * word: the generated screens show them in the current language (the declaration's `messages`).
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
