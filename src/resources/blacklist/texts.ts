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
