import type { ResourceSpec } from "../../../src/schemas/resource-spec";
import { notFound } from "../../errors";

// What the generated routes of a spec'd resource (../resource-routes.ts, ../bulk-routes.ts) share about naming it.

/** A resource's name as the API document's schema names start: "ticket-topics" → "TicketTopics". */
export const pascal = (name: string) => name.replace(/(^|[-_])([a-z])/g, (_, __, c: string) => c.toUpperCase());

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id as its table keys it; one the table cannot hold is the spec's 404, like an id of another server. */
export const recordKeyOf =
  (spec: ResourceSpec) =>
  (raw: string | number): string | number => {
    if (spec.key.kind === "uuid") {
      if (typeof raw !== "string" || !uuidPattern.test(raw)) throw notFound(spec.api.messages.notFound);
      return raw.toLowerCase();
    }
    const id = typeof raw === "number" ? raw : /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(spec.api.messages.notFound); // integer column
    return id;
  };
