import { addMember } from "../../tickets/membership";
import { defineCommand } from "../command";
import { memberOption, snowflake } from "../options";

export default defineCommand({
  key: "remove",
  order: 70,
  name: "remove",
  description: "Take a member's access to this ticket away.",
  details: "Take a member's access to the current ticket away.",
  options: [memberOption("The member to remove", "El miembro que quitar")],
  access: "ticket",
  category: "Tickets",
  where: "ticket",
  es: { name: "quitar", description: "Quita a un miembro el acceso a este ticket." },
  run: async ({ deps, guildId, member, options, ticket, known }) => {
    const target = snowflake(options.member);
    return target ? addMember(deps, guildId, ticket.number, member, target, false, known) : { refusal: "memberNotFound" };
  },
});
