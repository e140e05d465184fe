import type { ColumnType, Generated, Insertable, Kysely, Selectable } from "kysely";
import type { SpecTables } from "./spec-tables";

// The tables of the reference API, as Kysely sees them. Conventions (both SQLite and PostgreSQL):
// ids of the chat platform are text; times are epoch milliseconds (bigint in PostgreSQL, parsed to number);
// booleans are integers 0/1; JSON is text. A later migration adds its table here and in its own file.

export interface UsersTable {
  id: string;
  username: string;
  /** Avatar hash of the platform, or a local path for demo users. */
  avatar: string | null;
  /** Discord mode: the user's OAuth tokens (for /users/@me/guilds). */
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Until when (epoch ms) the session counts as a recent sign-in (server/auth/recent-sign-in.ts). */
  recent_until: number | null;
}

export interface OAuthStatesTable {
  /** SHA-256 (hex) of the random `state`. */
  state_hash: string;
  /** SHA-256 (hex) of the random value of the browser's state cookie. */
  browser_hash: string;
  /** "discord" or "demo". */
  kind: string;
  created_at: number;
}

/** One-time codes of the sign-in's last step (011_sign_in_codes): hashes only, bound to the browser's cookie. */
export interface SignInCodesTable {
  code_hash: string;
  browser_hash: string;
  user_id: string;
  created_at: number;
}

export interface ActivityTable {
  id: Generated<number>;
  guild_id: string;
  user_id: string;
  username: string;
  /** Avatar URL at the time of the action. */
  avatar: string | null;
  action: string;
  ip: string;
  /** Epoch seconds (the §3 Timestamp). */
  timestamp: number;
  before_json: string | null;
  after_json: string | null;
  /**
   * The panel of the ticket or transcript the entry is about (021_hardening): null when it is about anything else,
   * 0 for a ticket of no panel. Staff limited to their panels (TranscriptsPanelPermission) see only theirs.
   */
  scope_panel_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The number of the ticket the entry is about (026_activity_ticket_id), null for anything else: the ticket page's index. */
  ticket_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TeamsTable {
  id: Generated<number>;
  guild_id: string;
  name: string;
  /** JSON object TeamPermission → boolean. */
  permissions_json: string;
  created_at: number;
}

export interface TeamRolesTable {
  team_id: number;
  role_id: string;
  role_name: string;
}

export interface FormsTable {
  id: Generated<number>;
  guild_id: string;
  name: string;
  created_at: number | null;
  updated_at: number | null;
}

export interface FormFieldsTable {
  id: Generated<number>;
  form_id: number;
  label: string | null;
  placeholder: string | null;
  /** "Short" | "Paragraph" | "Dropdown" */
  style: string | null;
  /** 0/1 */
  required: number | null;
  min_length: number | null;
  max_length: number | null;
  position: number | null;
}

/** Ticket settings of one guild (005_settings). */
export interface GuildSettingsTable {
  guild_id: string;
  /** JSON TicketSettings (src/schemas/settings.ts); StoreTranscripts missing ⇒ true. */
  data_json: string;
  /** Increases with every save; a save naming another revision is refused (409). */
  revision: number;
  updated_at: number | null;
}

/** Ticket panels and multi-panels (003_panels). data_json holds the §3 shape of the panel. */
export interface PanelsTable {
  id: Generated<number>;
  guild_id: string;
  /** "single" | "multi" */
  kind: string;
  name: string;
  form_id: number | null;
  team_id: number | null;
  data_json: string;
  message_id: string | null;
  revision: Generated<number>;
  created_at: number | null;
  updated_at: number | null;
}

/** The single panels a multi-panel shows, in order (003_panels). */
export interface MultiPanelMembersTable {
  multi_panel_id: number;
  panel_id: number;
  position: number;
}

/** Transcripts of closed tickets (006_transcripts). Messages only sealed (AES-256-GCM): body_enc + iv + tag. */
export interface TranscriptsTable {
  id: Generated<number>;
  guild_id: string;
  ticket_id: number;
  author_id: string;
  author_username: string;
  close_reason: string | null;
  panel_id: number | null;
  /** The panel's name when stored, 'Unknown' when the panel was not found. */
  panel_name: string;
  rating: number | null;
  /** Epoch milliseconds. */
  closed_at: number;
  message_count: number;
  /** The opener's comment after the stars (023_ticket_workflow). */
  rating_comment: ColumnType<string | null, string | null | undefined, string | null>;
  body_enc: Uint8Array;
  iv: Uint8Array;
  tag: Uint8Array;
  created_at: number;
}

/** Search index of transcripts (006_transcripts): keyed HMACs of words, never words. */
export interface TranscriptTermsTable {
  guild_id: string;
  transcript_id: number;
  term_hash: string;
  /** The transcript's ticket number (012_deep_pages): a word's transcripts come out of the index newest first. */
  ticket_id: number | null;
}

/** Transcripts per guild and the bytes of their sealed messages, kept by triggers (012_deep_pages). */
export interface TranscriptCountsTable {
  guild_id: string;
  n: number;
  bytes: number;
}

/** Per-guild bot API keys for transcript ingest (006_transcripts): SHA-256 (hex) of the key only. */
export interface BotKeysTable {
  guild_id: string;
  key_hash: string;
  created_at: number;
}

/** Key/value facts about the database itself (which seed steps ran, …). */
export interface MetaTable {
  key: string;
  value: string;
}

/** Entries per guild in the activity log, kept by triggers (007_performance_indexes). */
export interface ActivityCountsTable {
  guild_id: string;
  n: number;
}

/** A guild's rows of a list per block of its order column (activity: id / 4096; transcripts: ticket_id / 4096), kept by triggers (migration 019). */
export interface BlockCountsTable {
  guild_id: string;
  block: number;
  n: number;
}

/** Each (guild, user id, lower-cased username) seen in the activity log, kept by triggers. */
export interface ActivityUsersTable {
  guild_id: string;
  user_id: string;
  username: string;
}

/** Each (guild, action) seen in the activity log, kept by triggers. */
export interface ActivityActionsTable {
  guild_id: string;
  action: string;
}

/** Per guild, the last ticket number handed out (009_tickets). */
export interface GuildTicketCountersTable {
  guild_id: string;
  last_number: number;
}

/** Tickets opened by the bot (009_tickets, docs/ticket-engine.md). Times are epoch milliseconds. */
export interface TicketsTable {
  id: Generated<number>;
  guild_id: string;
  /** Per-guild number: the ticket's TicketId everywhere (channel name, transcript). */
  number: number;
  panel_id: number | null;
  panel_name: string;
  opener_id: string;
  opener_name: string;
  subject: string | null;
  /** "opening" | "open" | "closing" | "closed" */
  status: string;
  channel_id: string | null;
  claimed_by: string | null;
  claimed_by_name: string | null;
  /** JSON FormAnswer[] (src/schemas/ticket.ts). */
  form_answers_json: string | null;
  opened_at: number;
  last_activity_at: number;
  first_response_at: number | null;
  closed_at: number | null;
  closed_by: string | null;
  closed_by_name: string | null;
  close_reason: string | null;
  rating: number | null;
  response_ms: number | null;
  resolution_ms: number | null;
  revision: Generated<number>;
  /** When the ticket moved to 'closing' (epoch ms; 021_hardening): the scheduler repairs one left there by a crash. */
  closing_since: ColumnType<number | null, number | null | undefined, number | null>;
  // ---- 023_ticket_workflow
  /** When the inactivity warning was sent (epoch ms), and its message: a warning stands while no activity follows it. */
  warned_at: ColumnType<number | null, number | null | undefined, number | null>;
  warning_message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A /closerequest waiting for the member: its deadline (epoch ms), who asked, why. */
  close_request_at: ColumnType<number | null, number | null | undefined, number | null>;
  close_request_by: ColumnType<string | null, string | null | undefined, string | null>;
  close_request_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The opener's comment after the stars. */
  rating_comment: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the closed ticket was last reopened (its next close stores the transcript again, whole). */
  reopened_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: the ticket is a private thread of its panel's channel (thread mode). */
  is_thread: ColumnType<number, number | undefined, number>;
  // ---- 024_helpdesk ----
  /** low | normal | high | urgent */
  priority: ColumnType<string, string | undefined, string>;
  /** The ids of its labels as ",3,7," ("" for none). */
  labels: ColumnType<string, string | undefined, string>;
  /** When the "waiting too long" alert went out (epoch ms), or null. */
  waiting_alert_at: ColumnType<number | null, number | null | undefined, number | null>;
  // ---- 033_dm_tickets ----
  /** A DM ticket: the opener's direct-message channel with the bot, relayed both ways while the ticket is open. */
  dm_channel_id: ColumnType<string | null, string | null | undefined, string | null>;
  // ---- 036_ticket_moves ----
  /** The name a move gave the channel while Discord's rename limit held it back; the sweep renames it at rename_due_at. */
  pending_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the pending rename may run (epoch ms, real time). */
  rename_due_at: ColumnType<number | null, number | null | undefined, number | null>;
  // ---- 038_waiting_on ----
  /** Who the ticket waits on: "staff" | "member" (null: closed before it was tracked). */
  waiting_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it began waiting on them (epoch ms, the server's clock). */
  waiting_since: ColumnType<number | null, number | null | undefined, number | null>;
  /** Time each side waited in the stretches already ended (the one under way counts from waiting_since). */
  waiting_staff_ms: ColumnType<number, number | undefined, number>;
  waiting_member_ms: ColumnType<number, number | undefined, number>;
  /** Snoozed until then (epoch ms, the server's clock), by whom; null: not snoozed. */
  snoozed_until: ColumnType<number | null, number | null | undefined, number | null>;
  snoozed_by_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Running totals of tickets for statistics (017_statistics_rollups): per guild, facet (what is counted), bucket
 * (time / the facet's bucket width) and item (a panel, a staff member, a rating, or ''). Kept by triggers.
 */
export interface TicketRollupsTable {
  guild_id: string;
  facet: string;
  bucket: number;
  item: string;
  n: number;
  responded: number;
  resolved: number;
  rating_sum: number;
  rated: number;
  name: string | null;
}

/** Users added to a ticket with /add (009_tickets). */
export interface TicketMembersTable {
  ticket_id: number;
  user_id: string;
}

/** Channels the demo platform's bot made: ticket channels and direct messages (010_demo_platform). */
export interface DemoChannelsTable {
  id: string;
  guild_id: string | null;
  name: string;
  /** "text" | "dm" */
  kind: string;
  parent_id: string | null;
  topic: string | null;
  /** JSON [{id, type, allow, deny}] as Discord's permission overwrites. */
  overwrites_json: string;
  recipient_id: string | null;
  created_at: number;
}

/** Every message of a demo channel (010_demo_platform). */
export interface DemoMessagesTable {
  /** A snowflake (19 digits): sorts in creation order. */
  id: string;
  channel_id: string;
  author_id: string;
  author_name: string;
  author_avatar: string | null;
  /** 0/1 */
  author_bot: number;
  content: string;
  embeds_json: string;
  components_json: string;
  allowed_mentions_json: string | null;
  created_at: number;
  edited_at: number | null;
}

/** A demo server's clock (027_demo_clocks): how far "Skip ahead" moved it past the real clock. */
export interface DemoClocksTable {
  guild_id: string;
  offset_ms: number;
  updated_at: number;
}

/** A bulk delete's rows, kept for its Undo (035_bulk_undo): under the hash of the token its caller holds. */
export interface BulkUndoTable {
  token_hash: string;
  guild_id: string;
  resource: string;
  user_id: string;
  rows_json: string;
  expires_at: number;
}

/** Every table: those of the migrations, written here, and those of spec'd resources, derived from their specs. */
export interface Database extends SpecTables {
  users: UsersTable;
  sessions: SessionsTable;
  oauth_states: OAuthStatesTable;
  sign_in_codes: SignInCodesTable;
  activity: ActivityTable;
  teams: TeamsTable;
  team_roles: TeamRolesTable;
  meta: MetaTable;
  guild_settings: GuildSettingsTable;
  forms: FormsTable;
  form_fields: FormFieldsTable;
  panels: PanelsTable;
  multi_panel_members: MultiPanelMembersTable;
  transcripts: TranscriptsTable;
  transcript_terms: TranscriptTermsTable;
  transcript_counts: TranscriptCountsTable;
  bot_keys: BotKeysTable;
  activity_counts: ActivityCountsTable;
  activity_blocks: BlockCountsTable;
  transcript_blocks: BlockCountsTable;
  activity_users: ActivityUsersTable;
  activity_actions: ActivityActionsTable;
  guild_ticket_counters: GuildTicketCountersTable;
  tickets: TicketsTable;
  ticket_rollups: TicketRollupsTable;
  ticket_members: TicketMembersTable;
  demo_channels: DemoChannelsTable;
  demo_clocks: DemoClocksTable;
  bulk_undo: BulkUndoTable;
  demo_messages: DemoMessagesTable;
  rate_limits: RateLimitsTable;
  bot_problems: BotProblemsTable;
  interaction_receipts: InteractionReceiptsTable;
  // ---- 024_helpdesk ----
  ticket_notes: TicketNotesTable;
  ticket_live_reads: TicketLiveReadsTable;
  // ---- 032_gateway ----
  gateway_shards: GatewayShardsTable;
  gateway_instances: GatewayInstancesTable;
  gateway_identify: GatewayIdentifyTable;
  gateway_inbox: GatewayInboxTable;
  ticket_messages: TicketMessagesTable;
  ticket_message_history: TicketMessageHistoryTable;
  guild_departures: GuildDeparturesTable;
  // ---- 034_saved_views ----
  saved_views: SavedViewsTable;
  // ---- 037_suggestions ----
  suggestion_offers: SuggestionOffersTable;
  suggestion_answers: SuggestionAnswersTable;
  suggestion_answer_tags: SuggestionAnswerTagsTable;
  // ---- 039_webhooks, 040_api_keys ----
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_keys: ApiKeysTable;
}

/** A user's saved view of a list (034_saved_views): its state is src/schemas/saved-view.ts's, as JSON. */
export interface SavedViewsTable {
  id: Generated<number>;
  guild_id: string;
  user_id: string;
  list: string;
  name: string;
  state_json: string;
  created_at: number;
  updated_at: number;
}

/** A server's webhook endpoint (039_webhooks). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  guild_id: string;
  url: string;
  /** JSON WebhookEvent[] (src/schemas/webhooks.ts). */
  events_json: string;
  /** json | slack */
  format: string;
  description: string;
  /** The signing secret, sealed with the master key (app.secrets). */
  secret_sealed: string;
  enabled: number;
  consecutive_failures: number;
  disabled_at: number | null;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** Suggestions waiting for a member's "Yes" or "No" (037_suggestions): their answers and the tags shown, under a random key. */
export interface SuggestionOffersTable {
  offer_key: string;
  guild_id: string;
  member_id: string;
  panel_id: number;
  panel_name: string;
  /** FormAnswer[] */
  answers_json: string;
  /** {id, name}[]: the tags shown, best first. */
  tags_json: string;
  created_at: number;
}

/** A "Yes, thanks": a ticket suggestions answered (037_suggestions). */
export interface SuggestionAnswersTable {
  id: Generated<number>;
  guild_id: string;
  panel_id: number | null;
  panel_name: string;
  answered_at: number;
}

/** The tags a "Yes, thanks" was given for. */
export interface SuggestionAnswerTagsTable {
  answer_id: number;
  guild_id: string;
  tag_id: string;
  tag_name: string;
}

/** A delivery of an event to an endpoint (039_webhooks): the outbox the sender sweeps. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  guild_id: string;
  endpoint_id: number;
  delivery_id: string;
  event: string;
  /** The body as sent, sealed with the master key. */
  body_sealed: string;
  /** pending | delivered | failed */
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  response_status: number | null;
  error: string | null;
  locked_until: number | null;
  created_at: number;
}

/** A scoped API key (040_api_keys): only its SHA-256 and first characters are kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  guild_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** JSON ApiKeyScope[] (src/schemas/api-keys.ts). */
  scopes_json: string;
  created_by: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A gateway shard (032_gateway): its lease, the session another instance resumes, Discord's refusal of it. */
export interface GatewayShardsTable {
  shard_id: number;
  shard_count: number;
  /** The instance holding it, or null. */
  holder: string | null;
  /** Epoch ms; the lease is the holder's while it is in the future. */
  lease_until: ColumnType<number, number | undefined, number>;
  session_id: string | null;
  resume_url: string | null;
  /** The sequence up to which every dispatch of the session was applied: where a resume starts. */
  sequence: number | null;
  /** When its session became ready (identified or resumed), while it is up. */
  ready_at: number | null;
  /** Since when the shard's events run unbroken (its first session's READY; a resume keeps it). */
  chain_since: number | null;
  intents: number | null;
  /** A close code that says not to reconnect (4004, 4010–4014), when and with which intents. */
  refused_code: number | null;
  refused_at: number | null;
  refused_intents: number | null;
}

/** An instance running the gateway (032_gateway), seen by its heartbeat. */
export interface GatewayInstancesTable {
  instance_id: string;
  seen_at: number;
}

/** When an instance last identified in a max_concurrency bucket (032_gateway). */
export interface GatewayIdentifyTable {
  bucket: number;
  identified_at: number;
}

/** A dispatch applied, or being applied (032_gateway). */
export interface GatewayInboxTable {
  event_key: string;
  shard_id: number;
  holder: string;
  /** "applying" | "done" */
  status: string;
  claimed_at: number;
}

/** A ticket's message as the gateway delivered it (032_gateway): its current version, sealed. */
export interface TicketMessagesTable {
  ticket_id: number;
  message_id: string;
  channel_id: string;
  author_id: string;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
  body_sealed: string;
}

/** An earlier version of an edited or deleted ticket message (032_gateway): the audit trail. */
export interface TicketMessageHistoryTable {
  ticket_id: number;
  message_id: string;
  version: number;
  /** "edit" | "delete": what replaced it. */
  kind: string;
  at: number;
  body_sealed: string;
}

/** A server that removed the bot (032_gateway): its data is purged at purge_at unless the bot returns. */
export interface GuildDeparturesTable {
  guild_id: string;
  removed_at: number;
  purge_at: number;
}

/** Private staff notes of a ticket (024_helpdesk): the body sealed with the keyring's secret box. */
export interface TicketNotesTable {
  id: Generated<number>;
  guild_id: string;
  ticket_id: number;
  author_id: string;
  author_name: string;
  author_avatar: string | null;
  body_sealed: string;
  created_at: number;
}

/** The live read of a watched ticket (024_helpdesk): the lease of the instance that reads the channel, and what it read (sealed). */
export interface TicketLiveReadsTable {
  ticket_id: number;
  read_at: number;
  holder: string;
  last_message_id: string | null;
  messages_sealed: string | null;
}

/** Rate-limit counters shared by instances on PostgreSQL (014_rate_limits). */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

/** Refusals the bot met while working (020_bot_problems), shown on Bot setup. */
export interface BotProblemsTable {
  guild_id: string;
  /** A BotProblem kind of src/schemas/bot-setup.ts. */
  kind: string;
  /** What it is about within the kind: "ManageRoles:<channelId>", a category id, "quota". */
  subject: string;
  /** The problem's fields (JSON), without seenAt. */
  detail_json: string;
  times: number;
  first_at: number;
  last_at: number;
}

/** Discord interactions already handled (022_interaction_receipts), kept 15 minutes. */
export interface InteractionReceiptsTable {
  interaction_id: string;
  received_at: number;
  /** The answer given (JSON), once known. */
  answer_json: string | null;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type NewActivity = Insertable<ActivityTable>;
