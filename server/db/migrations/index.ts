import type { Kysely, Migration, MigrationProvider } from "kysely";
import type { DialectHelpers } from "../dialect";
import * as m001 from "./001_foundation";
import * as m002 from "./002_forms";
import * as m003 from "./003_panels";
import * as m004 from "./004_blacklist";
import * as m005 from "./005_settings";
import * as m006 from "./006_transcripts";
import * as m007 from "./007_performance_indexes";
import * as m008 from "./008_transcript_filter_index";
import * as m009 from "./009_tickets";
import * as m010 from "./010_demo_platform";
import * as m011 from "./011_sign_in";
import * as m012 from "./012_deep_pages";
import * as m013 from "./013_ticket_statistics";
import * as m014 from "./014_rate_limits";
import * as m015 from "./015_session_notifications";
import * as m016 from "./016_statistics_by_value";
import * as m017 from "./017_statistics_rollups";
import * as m018 from "./018_guild_change_notifications";
import * as m019 from "./019_deep_page_blocks";
import * as m020 from "./020_bot_problems";
import * as m021 from "./021_hardening";
import * as m022 from "./022_interaction_receipts";
import * as m023 from "./023_ticket_workflow";
import * as m024 from "./024_helpdesk";
import * as m025 from "./025_generated_count_triggers";
import * as m026 from "./026_activity_ticket_id";
import * as m027 from "./027_demo_clocks";
import * as m028 from "./028_close_reasons";
import * as m029 from "./029_ticket_labels";
import * as m030 from "./030_tags_add_updated_at_revision";
import * as m031 from "./031_blacklist_add_updated_at_revision";
import * as m032 from "./032_gateway";
import * as m033 from "./033_dm_tickets";
import * as m034 from "./034_saved_views";
import * as m035 from "./035_bulk_undo";
import * as m036 from "./036_ticket_moves";
import * as m037 from "./037_suggestions";
import * as m038 from "./038_waiting_on";
import * as m039 from "./039_webhooks";
import * as m040 from "./040_api_keys";

/** A migration module: `up` (and optionally `down`) receive the dialect helpers as second argument. */
export interface MigrationModule {
  up(db: Kysely<any>, d: DialectHelpers): Promise<void>;
  down?(db: Kysely<any>, d: DialectHelpers): Promise<void>;
}

/**
 * Every migration, in order. To add one: create `NNN_name.ts` beside this file and add one line here.
 * Names must sort in the order they run; never rename or edit a migration that has shipped.
 */
export const migrations: Record<string, MigrationModule> = {
  "001_foundation": m001,
  "002_forms": m002,
  "003_panels": m003,
  "004_blacklist": m004,
  "005_settings": m005,
  "006_transcripts": m006,
  "007_performance_indexes": m007,
  "008_transcript_filter_index": m008,
  "009_tickets": m009,
  "010_demo_platform": m010,
  "011_sign_in": m011,
  "012_deep_pages": m012,
  "013_ticket_statistics": m013,
  "014_rate_limits": m014,
  "015_session_notifications": m015,
  "016_statistics_by_value": m016,
  "017_statistics_rollups": m017,
  "018_guild_change_notifications": m018,
  "019_deep_page_blocks": m019,
  "020_bot_problems": m020,
  "021_hardening": m021,
  "022_interaction_receipts": m022,
  "023_ticket_workflow": m023,
  "024_helpdesk": m024,
  "025_generated_count_triggers": m025,
  "026_activity_ticket_id": m026,
  "027_demo_clocks": m027,
  "028_close_reasons": m028,
  "029_ticket_labels": m029,
  "030_tags_add_updated_at_revision": m030,
  "031_blacklist_add_updated_at_revision": m031,
  "032_gateway": m032,
  "033_dm_tickets": m033,
  "034_saved_views": m034,
  "035_bulk_undo": m035,
  "036_ticket_moves": m036,
  "037_suggestions": m037,
  "038_waiting_on": m038,
  "039_webhooks": m039,
  "040_api_keys": m040,
};

export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly helpers: DialectHelpers) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(migrations)) {
      out[name] = {
        up: (db) => mod.up(db, this.helpers),
        down: mod.down ? (db) => mod.down!(db, this.helpers) : undefined,
      };
    }
    return out;
  }
}
