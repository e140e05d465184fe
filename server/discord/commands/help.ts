import { say } from "../answers";
import { defineCommand } from "../command";
import { botTexts } from "../texts";

export default defineCommand({
  key: "help",
  order: 10,
  name: "help",
  description: "Show what the bot can do and where its documentation is.",
  details: "Show what the bot can do and links to the documentation.",
  options: [],
  access: "everyone",
  category: "Setup",
  where: "guild",
  es: { name: "ayuda", description: "Muestra lo que puede hacer el bot y dónde está su documentación." },
  run: async ({ deps }) => say(botTexts.help(`${deps.publicUrl}/docs`), true),
});
