import { answerOf, type Reply } from "../../../server/discord/answers";
import { parseFieldId } from "../../../server/discord/custom-ids";
import { addNote } from "../../../server/helpdesk/notes";
import { replyAsStaff } from "../../../server/helpdesk/reply";
import { claim, transfer, unclaim } from "../../../server/tickets/claim";
import { requestClose } from "../../../server/tickets/close";
import type { Member } from "../../../server/tickets/members";
import { addMember } from "../../../server/tickets/membership";
import { open, openFromPanel, submitForm } from "../../../server/tickets/open";
import type { Outcome } from "../../../server/tickets/outcomes";
import { rename } from "../../../server/tickets/rename";
import { reopen } from "../../../server/tickets/reopen";
import type { EngineDeps } from "../../../server/tickets/step";

export type { Reply };

/** The ticket core's steps as a member reads them in Discord (the Discord door's answer), for suites that drive steps. */
export function answeredSteps(deps: EngineDeps) {
  const answered =
    <A extends unknown[]>(step: (deps: EngineDeps, ...args: A) => Promise<Outcome>) =>
    async (...args: A): Promise<Reply> =>
      answerOf(await step(deps, ...args));
  return {
    open: answered(open),
    openFromPanel: answered(openFromPanel),
    /** A form's modal as Discord submits it: its inputs by custom id (`field:<id>`). */
    submitForm: (guildId: string, member: Member, panelId: number, formId: number, typed: Record<string, string>) => {
      const fields = new Map(
        Object.entries(typed).flatMap(([key, value]) => (parseFieldId(key) === null ? [] : [[parseFieldId(key)!, value] as const])),
      );
      return answered(submitForm)(guildId, member, panelId, formId, fields);
    },
    claim: answered(claim),
    unclaim: answered(unclaim),
    transfer: answered(transfer),
    addMember: answered(addMember),
    rename: answered(rename),
    requestClose: answered(requestClose),
    reopen: answered(reopen),
    reply: answered(replyAsStaff),
    addNote: answered(addNote),
  };
}
