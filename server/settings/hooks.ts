import { settingsUpdateSchema } from "../../src/schemas/settings";
import type { DeclaredHooks } from "../access/hook-context";
import { requestActor } from "../activity/record";
import { validated } from "../errors";
import { sentValues } from "./store";

// The hooks of the settings declaration (src/schemas/specs/settings.ts): the screen's answer (defaults, the Channels
// map, the revision) and a save (non-null values only; the archive dropdown's 'None' arrives as "" and clears the
// channel, which must otherwise be one of the server's text channels).

export const settingsHooks: DeclaredHooks = {
  read: ({ app, guildId }) => app.settings.forScreen(guildId),
  async save({ app, request, guildId, body: raw }) {
    const clearsArchive = !!raw && typeof raw === "object" && (raw as Record<string, unknown>).ArchiveChannelId === "";
    const { Revision: expected, ...values } = validated(
      settingsUpdateSchema,
      clearsArchive ? { ...(raw as Record<string, unknown>), ArchiveChannelId: null } : raw,
    );
    const changes = sentValues(values);
    if (clearsArchive) changes.ArchiveChannelId = null;
    return { Revision: await app.settings.save(guildId, changes, expected, requestActor(request)) };
  },
};
