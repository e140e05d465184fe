import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { noPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The Close Reasons screen is generated from the spec (src/schemas/close-reason.ts): list, add, edit with the
// revision, delete — and hidden actions for staff who may only read them.

const server = useMswServer();
const url = `${API}/${community}/close-reasons`;

function api() {
  const state = {
    reasons: [
      { ReasonId: 1, Label: "Resolved", Text: "The issue was solved.", Position: 0, Revision: 3 },
      { ReasonId: 2, Label: "Duplicate", Text: "", Position: 1, Revision: 1 },
    ],
    puts: [] as { id: string; body: unknown }[],
  };
  const handlers = [
    rest.get(url, () => HttpResponse.json({ close_reasons: state.reasons })),
    rest.put(`${url}/:reasonId`, async ({ params, request }) => {
      const body = (await request.json()) as { Label: string; Text: string; Position: number; Revision: number };
      state.puts.push({ id: String(params.reasonId), body });
      if (body.Revision !== 3)
        return HttpResponse.json(
          { error: "This close reason was changed by someone else. Reload to see the latest version." },
          { status: 409 },
        );
      state.reasons = state.reasons.map((r) => (r.ReasonId === Number(params.reasonId) ? { ...r, ...body, Revision: 4 } : r));
      return HttpResponse.json({ message: "Close reason updated", close_reason: state.reasons[0] });
    }),
  ];
  return { state, handlers };
}

describe("Close Reasons (generated from their spec)", { timeout: 30_000 }, () => {
  it("lists the presets; Edit opens the dialog filled in and saves with the revision it started from", async () => {
    const { state, handlers } = api();
    const user = userEvent.setup();
    renderApp(`/${community}/close-reasons`, server, { handlers });
    expect(await screen.findByRole("heading", { name: "Close Reasons", level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText("Resolved")).closest("tr")!;
    expect(within(row).getByText("The issue was solved.")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Edit close reason" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 15_000 });
    const label = within(dialog).getByLabelText(/Label/);
    expect(label).toHaveValue("Resolved");
    await user.clear(label);
    await user.type(label, "Solved");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]).toEqual({ id: "1", body: { Label: "Solved", Text: "The issue was solved.", Position: 0, Revision: 3 } });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Solved")).toBeInTheDocument();
  });

  it("shows the server's refusal of a stale edit inside the dialog, and keeps it open", async () => {
    const { state, handlers } = api();
    state.reasons[1] = { ...state.reasons[1] };
    const user = userEvent.setup();
    renderApp(`/${community}/close-reasons`, server, { handlers });
    const row = (await screen.findByText("Duplicate")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Edit close reason" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 15_000 });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This close reason was changed by someone else. Reload to see the latest version.",
    );
    expect(state.puts[0].body).toMatchObject({ Revision: 1 });
  });

  it("staff who may read but not change them see no add, edit or delete", async () => {
    const { handlers } = api();
    const readOnly = { ...noPermissions(), ViewTranscripts: true };
    renderApp(`/${community}/close-reasons`, server, {
      handlers: [...handlers, rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "staff", permissions: readOnly }))],
    });
    const row = (await screen.findByText("Resolved")).closest("tr")!;
    await waitFor(() => expect(within(row).queryByRole("button", { name: "Edit close reason" })).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Add close reason" })).not.toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Delete" })).toBeDisabled();
  });
});
