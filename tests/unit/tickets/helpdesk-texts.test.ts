import { describe, expect, it } from "vitest";
import { mentionText, priorityText } from "../../../src/resources/tickets/helpdesk-texts";

// The ticket page shows mentions as Discord does (names, never markup) and priorities in words.

describe("the ticket page's texts", () => {
  const names = {
    users: { "111111111111111111": "Ann" },
    roles: { "222222222222222222": "Support" },
    channels: { "333333333333333333": "billing" },
  };

  it("shows user, role and channel mentions as names, and unknown ones generically", () => {
    expect(
      mentionText("<@111111111111111111> and <@!111111111111111111>, ask <@&222222222222222222> in <#333333333333333333>", names),
    ).toBe("@Ann and @Ann, ask @Support in #billing");
    expect(mentionText("<@999999999999999999> <@&999> <#999>", names)).toBe("@unknown user @unknown role #unknown channel");
    const spanish = { user: "usuario desconocido", role: "rol desconocido", channel: "canal desconocido" };
    expect(mentionText("<@999999999999999999> <@&999> <#999>", names, spanish)).toBe(
      "@usuario desconocido @rol desconocido #canal desconocido",
    );
    expect(mentionText("<b>not markup</b> <@abc>", names)).toBe("<b>not markup</b> <@abc>");
  });

  it("names every priority", () => {
    const tr = (_key: string, english: string) => english;
    expect((["low", "normal", "high", "urgent"] as const).map((p) => priorityText(tr, p))).toEqual(["Low", "Normal", "High", "Urgent"]);
  });
});
