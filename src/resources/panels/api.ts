import { type HttpError, useCustom, useInvalidate, useList } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { MultiPanel } from "../../schemas/multi-panel";
import type { SinglePanel } from "../../schemas/panel";
import type { PanelProperties } from "../../schemas/panel-properties";
import type { WidgetData } from "../engine/widgets/types";

// The panels API of SPEC §7 as the screens use it. The list is refine's (useList on the "panels" resource: its
// answer {panels: {SinglePanels, MultiPanels}} is unwrapped by the declaration); the properties lookup (channels,
// roles, teams, forms, emojis: the guild's choices, not a list of records) is useCustom under ["panels", guildId,
// "properties"]. Every mutation refreshes both (§4: lists refetched after mutations).

export type StoredSinglePanel = SinglePanel & { PanelId: number; MessageId?: string | null; Revision?: number };
export type StoredMultiPanel = MultiPanel & { PanelId: number; MessageId?: string | null; Revision?: number };
export interface PanelListBody {
  panels: { SinglePanels: StoredSinglePanel[]; MultiPanels: StoredMultiPanel[] };
}

export const panelKeys = {
  properties: (guildId: string) => ["panels", guildId, "properties"] as const,
};

/** The guild's single panels (the list) and multi-panels (beside it in the same answer). */
export function usePanelList(guildId: string) {
  const { query, result } = useList<StoredSinglePanel, HttpError>({
    resource: "panels",
    meta: { guildId },
    pagination: { mode: "off" },
    errorNotification: false,
  });
  const multis = (result as { MultiPanels?: StoredMultiPanel[] }).MultiPanels;
  return { query, singles: result.data, multis: Array.isArray(multis) ? multis : [] };
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
  const invalidate = useInvalidate();
  return useCallback(
    () =>
      Promise.all([
        invalidate({ resource: "panels", invalidates: ["list"] }),
        client.invalidateQueries({ queryKey: panelKeys.properties(guildId) }),
      ]),
    [client, invalidate, guildId],
  );
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
