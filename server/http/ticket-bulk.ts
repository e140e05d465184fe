import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bulkIdsMax } from "../../src/schemas/bulk";
import { type TicketBulk, ticketBulkResponseSchema, ticketBulkSchema } from "../../src/schemas/bulk-tickets";
import { authMessages } from "../../src/schemas/messages";
import type { TicketSettings } from "../../src/schemas/settings";
import { guard, guildIdOf } from "../access/guard";
import { isForm, outcomeText } from "../discord/answers";
import { HttpError } from "../errors";
import { triage } from "../helpdesk/triage";
import { transfer } from "../tickets/claim";
import { requestClose } from "../tickets/close";
import type { Member } from "../tickets/members";
import type { Outcome } from "../tickets/outcomes";
import { memberOfSession } from "../tickets/session-member";
import { findTicket, type TicketRow } from "../tickets/store";
import { inBotLanguage } from "./support/bot-language";
import { named } from "./support/openapi/components";
import { guildParams } from "./support/route-schemas";
import { panelsVisibleTo } from "./support/visible-panels";

// The queue's bulk actions: POST /{guildId}/tickets/bulk {action: close | assign | priority | labels, ids, …}. Every
// ticket is checked first — this server's, not still opening, of a panel the caller may see (as one ticket's routes
// check) — and one that is not refuses the whole request (404 / 403) before any step runs: nothing changes. Then each
// ticket goes through the same step its own button runs (the core's rules: staff of the ticket, its state), one after
// the other, each with its own activity entry and event; the answer says per ticket what its step did. The steps are
// not one transaction: closing a ticket talks to Discord (its channel, the closing DM), and no platform call runs
// inside a database transaction.

type Run = (guildId: string, row: TicketRow, member: Member, settings: TicketSettings) => Promise<Outcome>;

export default async function ticketBulkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => app.tickets.deps;

  /** The step of each action, on one ticket whose row was read here. */
  const stepOf = (body: TicketBulk): Run => {
    switch (body.action) {
      case "close":
        return (guildId, row, member, settings) =>
          requestClose(deps(), guildId, row.number, member, body.reason ?? null, true, { row, settings });
      case "assign":
        return (guildId, row, member, settings) => transfer(deps(), guildId, row.number, member, body.userId, { row, settings });
      case "priority":
        return (guildId, row, member, settings) =>
          triage(deps(), guildId, row.number, member, { Priority: body.Priority }, { row, settings });
      case "labels":
        return (guildId, row, member, settings) =>
          triage(deps(), guildId, row.number, member, { LabelIds: body.LabelIds }, { row, settings });
    }
  };

  /** Every ticket named, each of this server and of a panel the caller sees; else the request is refused. */
  const visibleTickets = async (request: FastifyRequest, guildId: string, numbers: number[]) => {
    const panels = await panelsVisibleTo(app, request);
    const rows: TicketRow[] = [];
    for (const number of new Set(numbers)) {
      const row = await findTicket(app.db, guildId, number);
      if (!row || row.status === "opening") throw new HttpError(404, "Ticket not found");
      if (panels !== "all" && (row.panel_id === null || !panels.includes(row.panel_id)))
        throw new HttpError(403, authMessages.accessDenied);
      rows.push(row);
    }
    return rows;
  };

  app.post(
    "/:guildId(^\\d+$)/tickets/bulk",
    {
      onRequest: guard("ViewTranscripts"),
      schema: {
        tags: ["Tickets"],
        summary: "Close, assign, set the priority or the labels of several tickets at once",
        description:
          `At most ${bulkIdsMax} tickets. Each must be one of this server's, of a panel the caller may see; one that is not ` +
          "refuses the whole request and nothing changes. Each ticket then goes through its own step (answered per ticket).",
        params: guildParams,
        body: named("TicketBulk", ticketBulkSchema),
        response: { 200: named("TicketBulkDone", ticketBulkResponseSchema) },
      },
    },
    async (request) => {
      const guildId = guildIdOf(request);
      const rows = await visibleTickets(request, guildId, request.body.ids);
      const run = stepOf(request.body);
      const member = await memberOfSession(app.platform, request.user!, guildId, request.resolved);
      const results = await inBotLanguage(app, request, async (settings) => {
        const out: { TicketId: number; ok: boolean; message: string }[] = [];
        for (const row of rows) {
          const outcome = await run(guildId, row, member, settings);
          const ok = !isForm(outcome) && !("refusal" in outcome);
          out.push({
            TicketId: row.number,
            ok,
            message: isForm(outcome) ? "This ticket needs an answer in Discord." : outcomeText(outcome),
          });
        }
        return out;
      });
      const done = results.filter((r) => r.ok).length;
      return { message: `${done} of ${results.length} tickets done`, results };
    },
  );
}
