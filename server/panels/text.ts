// Answers of the panel routes that the product specification does not word (its own texts come from src/schemas/messages.ts).

export const panelText = {
  notFound: "Panel not found",
  bodyExpected: "Expected a {SinglePanel} or a {MultiPanel} body",
  singleBodyExpected: "This is a single panel: send {SinglePanel} or {Panel}",
  multiBodyExpected: "This is a multi-panel: send {MultiPanel}",
  stale: "This panel was changed by someone else. Reload to see the latest version.",
  deleted: "Panel deleted successfully.",
  formMissing: (id: number) => `Form ${id} does not exist in this server`,
  teamMissing: (id: string) => `Support team ${id} does not exist in this server`,
  categoryMissing: (id: string) => `Ticket category ${id} does not exist in this server`,
  channelMissing: (id: string) => `Channel ${id} is not a text channel of this server`,
  roleMissing: (id: string) => `Role ${id} does not exist in this server`,
  emojiMissing: (id: string) => `Emoji ${id} is not a custom emoji of this server`,
  memberMissing: (id: string) => `Panel ${id} is not a single panel of this server`,
  usedByMultiPanels: (names: string[]) =>
    `This panel is used by ${names.length === 1 ? "the multi-panel" : "the multi-panels"} ${names.join(", ")}. ` +
    `Remove it from ${names.length === 1 ? "that multi-panel" : "those multi-panels"} first.`,
  sendFailed: (reason: string) => `The panel was saved, but its message could not be sent: ${reason}`,
} as const;

/** Activity log action names of the panel routes. */
export const panelActions = {
  created: "Panel Created",
  updated: "Panel Updated",
  deleted: "Panel Deleted",
  resent: "Panel Resent",
  multiCreated: "Multi-Panel Created",
  multiUpdated: "Multi-Panel Updated",
  multiDeleted: "Multi-Panel Deleted",
  multiResent: "Multi-Panel Resent",
} as const;
