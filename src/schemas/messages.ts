// Every user-facing text of the product specification (§2, §4, §5, §8), word for word, in one place.
// Client and server import these constants; a spec string must not be typed anywhere else.
// Texts with placeholders are functions.

export const productName = "Ticketeer";

/** Session and auth (§4, §8). */
export const authMessages = {
  sessionExpiredToast: "Your session has expired. Please log in again.",
  sessionExpiredTitle: "Session expired",
  sessionExpiredDescription: "For your security, you've been signed out. Please log back in.",
  goToLogin: "Go to Login",
  accessDenied: "You can't access this content!",
  notAuthenticated: "Not authenticated",
  authenticationFailed: "Authentication failed. Your session may have expired or been invalidated.",
  tokenExpired: "Token expired",
  loginHttpError: (code: number | string) => `HTTP error! status: ${code}`,
  signIn: "Sign in",
  signOut: "Sign Out",
  invite: "Invite",
  dashboard: "Dashboard",
} as const;

/** Shared frame, routing and error screens (§2, §8). */
export const frameMessages = {
  routeNotFound: (guildId: string) => `Route not found: ${guildId}`,
  notFound: "NOT FOUND",
  errorHeading: "An Error Occurred",
  errorFallback: "Something went wrong.",
  goBackHome: "Go Back Home",
  home: "Home",
  servers: "Servers",
  navigation: "Navigation",
  searchServers: "Search servers...",
  errorLoadingPage: "Error Loading Page",
  /** 'Failed to fetch Settings page', 'Failed to fetch Server page', 'Failed to fetch Staff Teams page', 'Failed to fetch Tags page'. */
  failedToFetchPage: (page: string) => `Failed to fetch ${page} page`,
  unknownError: "An unknown error occurred",
  unknownErrorShort: "Unknown error",
  validationError: (messages: string[]) => `Validation Error: ${messages.join(", ")}`,
} as const;

/** Landing page (§2). */
export const landingMessages = {
  stats: (users: string, communities: string) => `Powering ${users} users across ${communities} communities`,
  statsError: (status: number | string, statusText: string) => `Error ${status}: ${statusText}`,
} as const;

/** Server picker (§2, §8). */
export const pickerMessages = {
  heading: "Your Servers",
  cardTitle: "Select a server",
  loadFailed: "Couldn't load servers. Please try again later.",
} as const;

/** Documentation (§2). */
export const docsMessages = {
  sectionNotFound: "Section not found",
  noSections: "No documentation sections found!",
} as const;

/** Activity Logs (§2, §8). */
export const activityMessages = {
  refresh: "Refresh",
  refreshing: "Refreshing...",
  loading: "Loading activity logs...",
  empty: "No activity logs found.",
  error: (message: string) => `Error: ${message}`,
  fetchFailed: (statusText: string) => `Failed to fetch: ${statusText}`,
  invalidResponse: "Invalid response format.",
} as const;

/** Settings (§2, §7, §8). */
export const settingsMessages = {
  saveChanges: "Save Changes",
  saving: "Saving...",
  pageName: "Settings",
  none: "None",
  updatedByServer: "Ticket settings updated successfully",
  updateFailed: "Error updating settings",
  updated: "Settings updated successfully",
  nothingChanged: "No settings have been changed.",
} as const;

/** Server info (§2). */
export const serverInfoMessages = {
  guildId: "Guild ID",
  pageName: "Server",
} as const;

/** Staff Teams (§2, §7, §8). */
export const teamMessages = {
  pageName: "Staff Teams",
  createTeam: "Create Team",
  creating: "Creating…",
  teamManagement: "Team Management",
  selectTeam: "Select team...",
  searchRoles: "Search roles...",
  noRoles: "No roles found.",
  dropToAdd: "Drop role here to add it to the team",
  dropToRemove: "Drop role here to remove it from the team",
  permissionsSubtitle: "Configure access levels and permissions for this team",
  allowTeamTo: (what: string) => `Allow team to ${what}`,
  deleteTeam: "Delete Team",
  deleteConfirm: "Are you sure you want to delete this team? This action cannot be undone.",
  deleting: "Deleting...",
  roleAddQueued: "Team role add queued",
  roleRemoveQueued: "Team role remove queued",
  createFailed: "Failed to create team",
  created: (name: string) => `Team ${name} successfully created!`,
  addFailed: "Failed to add to team",
  removeFailed: "Failed to remove from team",
  added: "Role successful added to the team!",
  removed: "Role successful removed from the team!",
  unknownReply: "Failed to add or removed this role from the team",
  permissionsFailed: "Failed to update permissions",
  deleteFailed: "Failed to delete team",
} as const;

/** Tags (§2, §5). */
export const tagMessages = {
  pageName: "Tags",
  title: "Tags",
  search: "Search tag",
  addNewTag: "Add New Tag",
  addTag: "Add Tag",
  adding: "Adding...",
  manageTags: "Manage Tags",
  empty: "No tags found",
  nameRequired: "Tag name is required",
  nameTooLong: "Tag name must be less than 255 characters",
  contentRequired: "Content is required",
  contentTooLong: "Content must be less than 2048 characters",
  delete: "Delete",
  deleting: "Deleting...",
} as const;

/** Ticket panels and multi-panels (§2, §5, §7, §8). */
export const panelMessages = {
  title: "Ticket Panels",
  panels: "Panels",
  multiPanels: "Multi-Panels",
  deletePanel: "Delete Panel",
  noSinglePanels: "No Single-Panels found",
  noMultiPanels: "No Multi-Panels found",
  notLoggedIn: "You are not logged in",
  deleteConfirm: "Are you sure you want to delete this panel? This action cannot be undone.",
  propertiesErrorPage: "Error fetching ticket panel properties",
  saveChanges: "Save Changes",
  saving: "Saving...",
  updateChanges: "Update Changes",
  updating: "Updating...",
  creating: "Creating...",
  resending: "Resending...",
  deleting: "Deleting...",
  createMultiPanel: "Create Multi-Panel",
  editMultiPanel: "Edit Multi-Panel",
  updateMultiPanel: "Update Multi-Panel",
  useCustomChannelId: "Use custom channel ID",
  useDropdownMenu: "Use dropdown menu",
  selectChannel: "Please select a channel",
  selectTwoPanels: "Please select at least 2 panels",
  created: "Panel created successfully.",
  updated: "Panel updated successfully.",
  resent: "Panel resent successfully.",
  deleted: "Panel deleted!",
  fetchPanelsFailed: "Failed to fetch panels",
  fetchPropertiesFailed: "Failed to fetch panel properties",
  fetchPanelFailed: "Failed to fetch panel",
  createFailed: "Failed to create panel",
  updateFailed: "Failed to update panel",
  deleteFailed: "Failed to delete panel",
  resendFailed: "Failed to resend panel",
  resendFailedFallback: "Failed to resend the panel",
  // Schema messages (§5)
  nameRequired: "Panel name is required",
  namingSchemeRequired: "Naming scheme is required",
  mentionRoleNumeric: "MentionRoleId must be a numeric string",
  channelRequired: "Panel channel is required",
  invalidColor: "Invalid color format",
  panelMessageRequired: "At least one of Panel Title/Description/Content is required",
  welcomeMessageRequired: "At least one of Welcome Title, Description, or Content is required",
  panelFieldsInvalid: "Must be empty array or array of panel fields",
  multiChannelRequired: "Channel ID is required",
  multiTwoPanels: "At least 2 panels are required",
  multiMessageRequired: "At least panel title, description or content is required",
} as const;

/** Forms (§2, §4, §5, §8). */
export const formMessages = {
  title: "Forms",
  createForm: "Create Form",
  emptyState: "Get started by creating your first form! Forms help you collect and organize information from your users.",
  createFirst: "Create your first form",
  editForm: "Edit form",
  copyCommand: "Copy command",
  command: (formId: number | string) => `/form ${formId}`,
  commandCopied: "Form command copied to clipboard",
  deleteForm: "Delete form",
  fieldLine: (n: number, label: string) => `Field ${n}: ${label}`,
  noFields: "No fields added yet",
  backToForms: "Back to forms",
  updateForm: "Update Form",
  formName: "Form Name",
  addField: "Add Field",
  reset: "Reset",
  creating: "Creating...",
  updating: "Updating...",
  deletedByServer: "Form deleted successfully",
  nameRequired: "Form name is required",
  oneFieldRequired: "At least one field is required",
  oneLabelledFieldRequired: "At least one field with a label is required",
  fetchFormsFailed: (detail: string) => `Failed to fetch forms: ${detail}`,
  createFailedDetail: (detail: string) => `Failed to create form: ${detail}`,
  updateFailedDetail: (detail: string) => `Failed to update form: ${detail}`,
  renameFailed: "Failed to update form name",
  deleteFailed: "Failed to delete form",
  createFieldFailed: "Failed to create field",
  updateFieldFailed: "Failed to update field",
  positionFailed: "Failed to update field position",
  deleteFieldFailed: "Failed to delete field",
  fetchFormFailed: "Failed to fetch form",
  createFailed: "Failed to create form",
  updateFailed: "Failed to update form",
  created: "Form created successfully",
  updated: "Form successfully updated!",
} as const;

/** Transcripts (§2, §8). */
export const transcriptMessages = {
  deletedPanel: "Deleted panel",
  noReason: "No reason provided",
  empty: "No transcripts found",
  perPage: "Per page",
  missingParameters: "Missing required parameters.",
  notFound: "Transcript not found or unavailable.",
  fetchListFailed: (statusText: string, error: string) => `Failed to fetch transcripts: ${statusText} ${error}`.trim(),
  fetchFailed: (statusText: string) => `Failed to fetch transcript: ${statusText}`,
  notApplicable: "N/A",
} as const;
