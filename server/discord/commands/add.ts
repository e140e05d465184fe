import { addMember } from "../../tickets/membership";
import { defineCommand } from "../command";
import { memberOption, snowflake } from "../options";

export default defineCommand({
  key: "add",
  order: 60,
  name: "add",
  description: "Give another member access to this ticket.",
  details: "Give another member access to the current ticket.",
  options: [memberOption("The member to add", "El miembro que añadir")],
  access: "ticket",
  category: "Tickets",
  where: "ticket",
  es: { name: "añadir", description: "Da acceso a este ticket a otro miembro." },
  run: async ({ deps, guildId, member, options, ticket, known }) => {
    const target = snowflake(options.member);
    return target ? addMember(deps, guildId, ticket.number, member, target, true, known) : { refusal: "memberNotFound" };
  },
});
