import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { noPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// Inline editing (src/resources/engine/InlineEditCell.tsx) of the columns a spec marks `inlineEdit` (a close reason's
// label and text): Enter saves through the update route with the whole input and the Revision the row was read at,
// Escape puts the value back, the schema's checks and the server's refusal (a stale revision) are told in the cell.

const server = useMswServer();
const url = `${API}/${community}/close-reasons`;

function api() {
  const state = {
    reasons: [
      { ReasonId: 1, Label: "Resolved", Text: "The issue was solved.", Position: 0, Revision: 3 },
      { ReasonId: 2, Label: "Duplicate", Text: "", Position: 1, Revision: 1 },
    ],
    puts: [] as { id: string; body: Record<string, unknown> }[],
  };
  const handlers = [
    rest.get(url, () => HttpResponse.json({ close_reasons: state.reasons })),
    rest.get(`${API}/${community}/views`, () => HttpResponse.json({ views: [] })),
    rest.put(`${url}/:reasonId`, async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.puts.push({ id: String(params.reasonId), body });
      const current = state.reasons.find((r) => r.ReasonId === Number(params.reasonId))!;
      if (body.Revision !== current.Revision)
        return HttpResponse.json(
          { error: "This close reason was changed by someone else. Reload to see the latest version." },
          { status: 409 },
        );
      state.reasons = state.reasons.map((r) => (r === current ? { ...r, ...body, Revision: r.Revision + 1 } : r));
      return HttpResponse.json({ message: "Close reason updated", close_reason: current });
    }),
  ];
  return { state, handlers };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest("tr")!;

describe("inline editing of a generated list's cells", { timeout: 30_000 }, () => {
  it("Enter saves the field with the rest of the record and its revision; the list shows the new value", async () => {
    const { state, handlers } = api();
    const user = userEvent.setup();
    renderApp(`/${community}/close-reasons`, server, { handlers });
    const row = await rowOf("Resolved");
    await user.click(within(row).getByRole("button", { name: "Edit Label" }));
    const input = within(row).getByRole("textbox", { name: "Label" });
    expect(input).toHaveFocus();
    await user.clear(input);
    // "?" is the field's, not the grid's shortcut list.
    await user.type(input, "Solved?{Enter}");
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]).toEqual({ id: "1", body: { Label: "Solved?", Text: "The issue was solved.", Position: 0, Revision: 3 } });
    expect(await screen.findByText("Solved?")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Label" })).not.toBeInTheDocument();
  });

  it("Escape puts the value back and sends nothing; an empty label is refused by the schema before any request", async () => {
    const { state, handlers } = api();
    const user = userEvent.setup();
    renderApp(`/${community}/close-reasons`, server, { handlers });
    let row = await rowOf("Resolved");
    await user.click(within(row).getByRole("button", { name: "Edit Label" }));
    await user.type(within(row).getByRole("textbox", { name: "Label" }), " changed{Escape}");
    expect(within(row).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(row).getByText("Resolved")).toBeInTheDocument();

    row = await rowOf("Resolved");
    await user.click(within(row).getByRole("button", { name: "Edit Label" }));
    await user.clear(within(row).getByRole("textbox", { name: "Label" }));
    await user.keyboard("{Enter}");
    expect(await within(row).findByRole("alert")).toHaveTextContent(/./);
    expect(within(row).getByRole("textbox", { name: "Label" })).toHaveAttribute("aria-invalid", "true");
    expect(state.puts).toEqual([]);
  });

  it("a change made meanwhile by someone else is refused and told in the cell, which stays open", async () => {
    const { state, handlers } = api();
    const user = userEvent.setup();
    renderApp(`/${community}/close-reasons`, server, { handlers });
    const row = await rowOf("Duplicate");
    state.reasons[1] = { ...state.reasons[1], Revision: 2 };
    await user.click(within(row).getByRole("button", { name: "Edit Text" }));
    await user.type(within(row).getByRole("textbox", { name: "Text" }), "Reported before.{Enter}");
    expect(await within(row).findByRole("alert")).toHaveTextContent(
      "This close reason was changed by someone else. Reload to see the latest version.",
    );
    expect(state.puts[0].body).toMatchObject({ Text: "Reported before.", Revision: 1 });
    expect(within(row).getByRole("textbox", { name: "Text" })).toHaveValue("Reported before.");
  });

  it("staff who may not edit close reasons get no edit button in the cells", async () => {
    const { handlers } = api();
    renderApp(`/${community}/close-reasons`, server, {
      handlers: [
        ...handlers,
        rest.get(`${API}/:guildId/permissions`, () =>
          HttpResponse.json({ level: "staff", permissions: { ...noPermissions(), ViewTranscripts: true } }),
        ),
      ],
    });
    const row = await rowOf("Resolved");
    expect(within(row).queryByRole("button", { name: "Edit Label" })).not.toBeInTheDocument();
  });
});
