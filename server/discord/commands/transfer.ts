import { transfer } from "../../tickets/claim";
import { defineCommand } from "../command";
import { memberOption, snowflake } from "../options";

export default defineCommand({
  key: "transfer",
  order: 110,
  name: "transfer",
  description: "Hand this ticket over to another member of staff.",
  details: "Hand a claimed ticket over to another member of staff.",
  options: [memberOption("The staff member who takes over", "El miembro del staff que se encarga")],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "transferir", description: "Pasa este ticket a otro miembro del staff." },
  run: async ({ deps, guildId, member, options, ticket, known }) => {
    const target = snowflake(options.member);
    return target ? transfer(deps, guildId, ticket.number, member, target, known) : { refusal: "memberNotFound" };
  },
});
