// Business constants and limits of the product specification (§9). Schemas and screens import them from here.
export const limits = {
  formFieldsMax: 5,
  formLabelMax: 45,
  formPlaceholderMax: 100,
  formMinLengthDefault: 0,
  formMaxLengthLimit: 1024,
  tagNameMax: 255,
  tagContentMax: 2048,
  tagCacheFreshMs: 2 * 60_000,
  tagCacheKeptMs: 5 * 60_000,
  hoursMax: 23,
  minutesMax: 59,
  daysMax: 23,
  /** Retention settings: at most ten years (0: forever). */
  retentionDaysMax: 3650,
  multiPanelMinPanels: 2,
  defaultPanelColor: "#43B581",
  defaultWelcomeColor: "#5865F2",
  defaultNamingScheme: "ticket-%id%",
  buttonColors: ["Primary", "Secondary", "Success", "Danger"] as const,
  transcriptPageSizes: [25, 50, 75, 100] as const,
  transcriptDefaultPageSize: 25,
  guildIdPattern: /^\d{16,21}$/,
  authRetries: 3,
  retryDelayCapMs: 30_000,
  formsFetchRetries: 3,
  statsStaleMs: 5 * 60_000,
  counterAnimationMs: 500,
  counterAnimationSteps: 20,
  sessionExpiredToastMs: 6000,
  toastMs: 4000,
  toastMaxVisible: 3,
  cacheGcMs: 5 * 60_000,
  mobileBreakpointPx: 768,
  sidebarCookieMaxAgeS: 604800,
  sidebarWidth: "16rem",
  sidebarCollapsedWidth: "3rem",
  sidebarMobileWidth: "18rem",
  serverListMaxHeightPx: 300,
  pickerSkeletonRows: 3,
  sidebarSkeletonRows: 4,
  avatarSize: 1024,
  docMediaMaxHeightPx: 400,
  dragActivationPx: 5,
  keyboardStepPx: 25,
  selectSearchDebounceMs: 300,
  sessionDays: 7,
} as const;

/** Retry delay of the product specification (§7): min(1000 × 2^n, 30000) ms for the n-th retry (n from 0). */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, limits.retryDelayCapMs);

/**
 * How many of each configuration resource one server may hold (beyond §9): every list the dashboard loads whole
 * stays bounded, and a configuration file can hold no more than a server can.
 */
export const guildLimits = {
  tags: 500,
  forms: 100,
  teams: 50,
  panels: 100,
  multiPanels: 50,
  blacklist: 2000,
  closeReasons: 50,
} as const;

/** The answer (409) to a create past a server's limit. */
export const guildLimitReached = (limit: number, things: string) =>
  `This server has reached its limit of ${limit} ${things}. Delete some to add more.`;
