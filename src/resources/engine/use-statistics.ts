import { useCustom, type HttpError } from "@refinedev/core";
import { useMemo } from "react";
import { statisticsResponseSchema, type StatisticsResponse } from "../../schemas/statistics";
import { browserTimeZone } from "./ticket-statistics-format";
import { useRefreshOnTicketEvents } from "./use-ticket-events";

/**
 * GET /{guildId}/statistics for a range, in the browser's time zone (the Statistics screen and Server info's strip):
 * a one-off read of figures computed by the server, not a list of records (useCustom). Kept current by the ticket
 * events (`live`). A failure shows at once, as before: no retries.
 */
export function useStatistics(guildId: string, range: { from: string; to: string }, { live = true } = {}) {
  const { query } = useCustom<StatisticsResponse, HttpError>({
    url: `/${guildId}/statistics`,
    method: "get",
    config: { query: { ...range, tz: browserTimeZone() } },
    errorNotification: false,
    queryOptions: { retry: false },
  });
  useRefreshOnTicketEvents(guildId, query.refetch, { enabled: live });
  const parsed = useMemo(() => (query.data ? statisticsResponseSchema.safeParse(query.data.data) : undefined), [query.data]);
  const data: StatisticsResponse | null = parsed?.success ? parsed.data : null;
  const error = query.isError ? query.error.message : parsed && !parsed.success ? String(parsed.error) : null;
  return { data, error };
}
