import { useEffect, useState } from "react";
import { http, HttpError } from "../../providers/http";
import { statisticsResponseSchema, type StatisticsResponse } from "../../schemas/statistics";
import { browserTimeZone } from "./ticket-statistics-format";

/** GET /{guildId}/statistics for a range, in the browser's time zone (the Statistics screen and Server info's strip). */
export function useStatistics(guildId: string, range: { from: string; to: string }) {
  const [data, setData] = useState<StatisticsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    setData(null);
    setError(null);
    http
      .get(`/${guildId}/statistics`, { query: { ...range, tz: browserTimeZone() } })
      .then((answer) => !cancelled && setData(statisticsResponseSchema.parse(answer)))
      .catch((e) => !cancelled && setError(e instanceof HttpError ? e.message : String(e)));
    return () => {
      cancelled = true;
    };
  }, [guildId, range.from, range.to]);
  return { data, error };
}

