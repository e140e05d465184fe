import { Refine } from "@refinedev/core";
import { act, fireEvent, screen, waitFor, within, render } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { changeLocale } from "../../../src/i18n/core";
import { createI18nProvider } from "../../../src/i18n/refine";
import { createDataProvider } from "../../../src/providers/data-provider";
import { createHttpClient } from "../../../src/providers/http";
import EditorDialog from "../../../src/resources/engine/EditorDialog";
import { toEndpoint } from "../../../src/resources/engine/derive";
import { ListIcon } from "../../../src/resources/engine/icons";
import { defineResource } from "../../../src/resources/engine/types";
import { API, fakeNavigation, memoryTokens, useMswServer } from "../providers/helpers";

// One form engine for every generated form: a declared resource whose field names a widget of the registry (here
// the emoji picker, which the panel editors use) gets it in its generated dialog, and what it picks is saved.

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });
const guildId = "812345678901234567";

const reactionInput = z.object({
  Label: z.string({ error: "Label is required" }).trim().min(1, "Label is required").meta({ title: "Label" }),
  // Named by the schema's .meta() …
  Emoji: z.string({ error: "Pick an emoji" }).min(1, "Pick an emoji").meta({ title: "Emoji", widget: "emoji" }),
  // … or by the declaration's field hints.
  Pinned: z.boolean().default(false).meta({ title: "Pinned" }),
});

const reactionsResource = defineResource<{ ReactionId: number }, typeof reactionInput>({
  name: "reactions",
  label: "Reactions",
  icon: ListIcon,
  route: "reactions",
  title: "Reactions",
  pageName: "Reactions",
  permissions: {},
  endpoint: { path: "reactions", listKey: "reactions", idKey: "ReactionId" },
  schema: reactionInput,
  fields: { Pinned: { widget: "switch" } },
  create: { mode: "dialog", title: "Add Reaction", submitLabel: "Add", pendingLabel: "Adding..." },
});

async function renderDialog() {
  const http = createHttpClient({ baseUrl: "/api", tokens: memoryTokens(), navigation: fakeNavigation() });
  const dataProvider = createDataProvider((name) => (name === "reactions" ? toEndpoint(reactionsResource) : undefined), http);
  const onClose = vi.fn();
  // The dialog's form waits for its widgets' chunk (Suspense): rendered in an awaited act.
  await act(async () => {
    render(
      <Refine dataProvider={dataProvider} i18nProvider={createI18nProvider("en")} resources={[{ name: "reactions" }]}>
        <EditorDialog guildId={guildId} declaration={reactionsResource} open onClose={onClose} />
      </Refine>,
    );
  });
  return { onClose };
}

describe("a declared resource with an emoji field, in the generated dialog", () => {
  it("draws the emoji picker, chooses an emoji and sends it", async () => {
    await act(() => changeLocale("en", { persist: false }));
    const sent: unknown[] = [];
    server.use(
      rest.post(`${API}/:guildId/reactions`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: "Reaction created", reaction: { ReactionId: 1 } }, { status: 201 });
      }),
    );
    const { onClose } = await renderDialog();
    const dialog = await screen.findByRole("dialog");

    // The form appears once the widgets it names have arrived (the emoji picker is in the widgets' own chunk).
    // Nothing picked yet: the schema's message, nothing sent.
    fireEvent.change(await within(dialog).findByLabelText("Label"), { target: { value: "Thanks" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText("Pick an emoji")).toBeInTheDocument();
    expect(sent).toEqual([]);

    // The registry's emoji widget: its quick picks, and the switch widget the declaration named.
    fireEvent.click(within(dialog).getByRole("button", { name: "Pick" }));
    fireEvent.click(await screen.findByRole("option", { name: "🎫" }));
    expect(within(dialog).getByPlaceholderText("🎫")).toHaveValue("🎫");
    await waitFor(() => expect(within(dialog).queryByText("Pick an emoji")).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole("switch", { name: "Pinned" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(sent).toEqual([{ Label: "Thanks", Emoji: "🎫", Pinned: true }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
