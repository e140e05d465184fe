import { type HttpError, useCustom } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { MultiPanel } from "../../schemas/multi-panel";
import type { SinglePanel } from "../../schemas/panel";
import type { PanelProperties } from "../../schemas/panel-properties";
import type { WidgetData } from "../engine/widgets/types";

// The panels API of SPEC §7 as the screens use it. List and property lookups are cached under
// ["panels", guildId, …] so every mutation can refresh them in one call (§4: lists refetched after mutations).

export type StoredSinglePanel = SinglePanel & { PanelId: number; MessageId?: string | null; Revision?: number };
export type StoredMultiPanel = MultiPanel & { PanelId: number; MessageId?: string | null; Revision?: number };
export interface PanelListBody {
  panels: { SinglePanels: StoredSinglePanel[]; MultiPanels: StoredMultiPanel[] };
}

export const panelKeys = {
  all: (guildId: string) => ["panels", guildId] as const,
  list: (guildId: string) => ["panels", guildId, "list"] as const,
  properties: (guildId: string) => ["panels", guildId, "properties"] as const,
};

export function usePanelList(guildId: string) {
  return useCustom<PanelListBody & Record<string, unknown>, HttpError>({
    url: `/${guildId}/panels`,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: panelKeys.list(guildId) },
  });
}

export function usePanelProperties(guildId: string) {
  return useCustom<PanelProperties & Record<string, unknown>, HttpError>({
    url: `/${guildId}/panel-properties`,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: panelKeys.properties(guildId), staleTime: 60_000 },
  });
}

/** Refreshes the panel list (and lookups) of a guild after a change. */
export function useRefreshPanels(guildId: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: panelKeys.all(guildId) }), [client, guildId]);
}

const byName = (map: Record<string, string>) => Object.entries(map).map(([label, value]) => ({ value, label }));

/** The widgets' view of the guild's choices. */
export function toWidgetData(properties: PanelProperties | undefined, panels: StoredSinglePanel[] = []): WidgetData {
  return {
    textChannels: byName(properties?.channels?.text ?? {}),
    categories: byName(properties?.channels?.categories ?? {}),
    roles: (properties?.roles ?? []).map((r) => ({ value: r.RoleId, label: r.RoleName })),
    teams: (properties?.support_teams ?? []).map((t) => ({ value: t.TeamId, label: t.TeamName })),
    forms: (properties?.forms ?? []).map((f) => ({ value: f.FormId, label: f.FormName })),
    emojis: properties?.emojis ?? [],
    panels: panels.map((p) => ({ value: String(p.PanelId), label: `${p.PanelName} #${p.PanelId}` })),
  };
}

/** Channel id → name, for the list rows. */
export const channelNames = (properties: PanelProperties | undefined) =>
  new Map(Object.entries(properties?.channels?.text ?? {}).map(([name, id]) => [id, name]));
