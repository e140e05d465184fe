import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { delay, http as rest, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyField, type Form } from "../../../src/schemas/form";
import { formMessages } from "../../../src/schemas/messages";
import { sendLimitMessages } from "../../../src/schemas/send-limits";
import { noPermissions } from "../../../src/schemas/team";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";
import { captureToasts } from "../teams/toasts";

const server = useMswServer();
const toasts = captureToasts();
vi.setConfig({ testTimeout: 60_000 });

const listUrl = `/${community}/forms`;
const field = (FieldId: number, Label: string, Position: number, extra: object = {}) => ({
  ...emptyField(Position),
  FieldId,
  Label,
  ...extra,
});
const demoForms: Form[] = [
  { FormId: 7, FormName: "Support Request", Fields: [field(2, "Order ID", 1), field(1, "What happened?", 0)] },
  { FormId: 8, FormName: "Empty one", Fields: [] },
];

function listHandler(calls: { count: number }, forms: Form[] | (() => Response | Promise<Response>) = demoForms) {
  return rest.get(`${API}/:guildId/forms`, async () => {
    calls.count += 1;
    return typeof forms === "function" ? forms() : HttpResponse.json({ forms });
  });
}
const toastMessages = () => toasts.map((t) => `${t.type}: ${t.message}`);

async function openActions(formName: string) {
  const card = (await screen.findByText(formName)).closest(".form-card") as HTMLElement;
  fireEvent.click(within(card).getByRole("button", { name: `Actions for ${formName}` }));
  return card;
}
const clickMenuItem = async (name: string) => fireEvent.click(await screen.findByRole("menuitem", { name }));

describe("forms list (§2 Forms)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows three skeleton cards while loading, then a card per form with 'Field N: label' or 'No fields added yet'", async () => {
    server.use(
      rest.get(`${API}/:guildId/forms`, async () => {
        await delay(300);
        return HttpResponse.json({ forms: demoForms });
      }),
    );
    const { container } = renderApp(listUrl, server);
    await waitFor(() => expect(container.querySelectorAll("[data-testid=form-skeleton]")).toHaveLength(3));
    expect(await screen.findByText("Support Request")).toBeInTheDocument();
    expect(container.querySelectorAll("[data-testid=form-skeleton]")).toHaveLength(0);
    expect(screen.getByRole("heading", { name: formMessages.title })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: formMessages.createForm })).toHaveAttribute("href", `${listUrl}/create`);
    const card = screen.getByText("Support Request").closest(".form-card") as HTMLElement;
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Field 1: What happened?", "Field 2: Order ID"]);
    const empty = screen.getByText("Empty one").closest(".form-card") as HTMLElement;
    expect(within(empty).getByText(formMessages.noFields)).toBeInTheDocument();
  });

  it("the empty state offers 'Create your first form'", async () => {
    server.use(listHandler({ count: 0 }, []));
    renderApp(listUrl, server);
    expect(await screen.findByText(formMessages.emptyState)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: formMessages.createFirst })).toHaveAttribute("href", `${listUrl}/create`);
  });

  it("'Copy command' copies '/form {formId}' and toasts", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    server.use(listHandler({ count: 0 }));
    renderApp(listUrl, server);
    await openActions("Support Request");
    await clickMenuItem(formMessages.copyCommand);
    await waitFor(() => expect(toastMessages()).toContain(`success: ${formMessages.commandCopied}`));
    expect(writeText).toHaveBeenCalledWith("/form 7");
  });

  it("'Edit form' goes to /{guildId}/forms/edit/{formId}", async () => {
    server.use(
      listHandler({ count: 0 }),
      rest.get(`${API}/:guildId/forms/:formId`, () => HttpResponse.json({ form: demoForms[0] })),
    );
    const { router } = renderApp(listUrl, server);
    await openActions("Support Request");
    await clickMenuItem(formMessages.editForm);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${listUrl}/edit/7`));
  });

  it("'Delete form' deletes at once, toasts the server's message and refetches the list", async () => {
    const calls = { count: 0 };
    let remaining = demoForms;
    const deleted: string[] = [];
    server.use(
      listHandler(calls, () => HttpResponse.json({ forms: remaining })),
      rest.delete(`${API}/:guildId/forms/:formId`, ({ params }) => {
        deleted.push(String(params.formId));
        remaining = remaining.filter((f) => String(f.FormId) !== params.formId);
        return HttpResponse.json({ message: "Form deleted successfully" });
      }),
    );
    renderApp(listUrl, server);
    await openActions("Support Request");
    await clickMenuItem(formMessages.deleteForm);
    await waitFor(() => expect(toastMessages()).toContain(`success: ${formMessages.deletedByServer}`));
    expect(deleted).toEqual(["7"]);
    await waitFor(() => expect(screen.queryByText("Support Request")).not.toBeInTheDocument());
    expect(calls.count).toBeGreaterThanOrEqual(2);
  });

  it("deletes the selected forms in one request, and Undo in its toast sends the answer's token back", async () => {
    let remaining = demoForms;
    const bodies: Record<string, unknown>[] = [];
    server.use(
      listHandler({ count: 0 }, () => HttpResponse.json({ forms: remaining })),
      rest.post(`${API}/:guildId/forms/bulk`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.action === "restore") {
          remaining = demoForms;
          return HttpResponse.json({ message: "Restored 2 forms", count: 2, ids: [7, 8] });
        }
        remaining = [];
        return HttpResponse.json({ message: "Deleted 2 forms", count: 2, ids: [7, 8], undoToken: "t".repeat(43) });
      }),
    );
    renderApp(listUrl, server);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Support Request" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Empty one" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole("group", { name: "Bulk actions" })).getByRole("button", { name: "Delete selected" }));
    await waitFor(() => expect(toastMessages()).toContain("success: 2 deleted"));
    expect(bodies).toEqual([{ action: "delete", ids: [7, 8] }]);
    await waitFor(() => expect(screen.queryByText("Support Request")).not.toBeInTheDocument());
    expect(screen.queryByText("2 selected")).not.toBeInTheDocument();
    const undo = toasts.find((t) => t.message === "2 deleted")!;
    expect(undo.action?.label).toBe("Undo");
    undo.action!.onClick();
    await waitFor(() => expect(toastMessages()).toContain("success: 2 restored"));
    expect(bodies[1]).toEqual({ action: "restore", token: "t".repeat(43) });
    expect(await screen.findByText("Support Request")).toBeInTheDocument();
  });

  it("a failed delete toasts the server's 409 message, anything else 'Failed to delete form'", async () => {
    let answer = () => HttpResponse.json({ error: 'This form is used by the panel "Billing".' }, { status: 409 });
    server.use(
      listHandler({ count: 0 }),
      rest.delete(`${API}/:guildId/forms/:formId`, () => answer()),
    );
    renderApp(listUrl, server);
    await openActions("Support Request");
    await clickMenuItem(formMessages.deleteForm);
    await waitFor(() => expect(toastMessages()).toContain('error: This form is used by the panel "Billing".'));
    answer = () => HttpResponse.json({ error: "Internal server error" }, { status: 500 });
    await openActions("Support Request");
    await clickMenuItem(formMessages.deleteForm);
    await waitFor(() => expect(toastMessages()).toContain(`error: ${formMessages.deleteFailed}`));
    expect(screen.getByText("Support Request")).toBeInTheDocument();
  });

  it("retries the list 3 times (after 1 s, 2 s, 4 s) before 'Failed to fetch forms: …'", async () => {
    const times: number[] = [];
    server.use(
      rest.get(`${API}/:guildId/forms`, () => {
        times.push(Date.now());
        return HttpResponse.json({ error: "Database unavailable. Please try again later." }, { status: 503 });
      }),
    );
    renderApp(listUrl, server);
    expect(
      await screen.findByText(formMessages.fetchFormsFailed("Database unavailable. Please try again later."), {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(times).toHaveLength(4);
    // Each wait is at least the backoff (1 s, 2 s, 4 s: the delays themselves are limits.ts's retryDelay, tested
    // on their own); an upper bound would be a timing assertion, which fails on a loaded machine.
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    [1000, 2000, 4000].forEach((expected, i) => expect(gaps[i]).toBeGreaterThanOrEqual(expected - 50));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(times).toHaveLength(4);
  });

  it("hides Create, Edit and Delete from staff who only have ViewForm", async () => {
    renderApp(listUrl, server, {
      handlers: [
        listHandler({ count: 0 }),
        rest.get(`${API}/:guildId/permissions`, () =>
          HttpResponse.json({ level: "staff", permissions: { ...noPermissions(), ViewForm: true } }),
        ),
      ],
    });
    await openActions("Support Request");
    expect(await screen.findByRole("menuitem", { name: formMessages.copyCommand })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: formMessages.editForm })).not.toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: formMessages.deleteForm })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: formMessages.createForm })).not.toBeInTheDocument();
  });
});

describe("form editor (§4 Form editor, §5 Form)", () => {
  const labels = () => screen.getAllByLabelText("Field Label") as HTMLInputElement[];
  const cards = () => document.querySelectorAll(".form-field-card");
  const type = (element: Element, value: string) => fireEvent.change(element, { target: { value } });

  beforeEach(() => {
    server.use(listHandler({ count: 0 }));
  });

  it("create: one empty field; fields are added up to 5 and removed while more than one", async () => {
    renderApp(`${listUrl}/create`, server);
    expect(await screen.findByRole("heading", { name: formMessages.createForm })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: formMessages.backToForms })).toHaveAttribute("href", listUrl);
    expect(cards()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Remove field 1" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Field Type")).toBeInTheDocument();
    expect(screen.getByLabelText("Min length")).toHaveValue(0);
    expect(screen.getByLabelText("Max length")).toHaveValue(1024);
    expect(screen.getByRole("checkbox", { name: "Required" })).not.toBeChecked();

    const add = () => fireEvent.click(screen.getByRole("button", { name: formMessages.addField }));
    for (let i = 0; i < 4; i++) add();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.queryByRole("button", { name: formMessages.addField })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Remove field 5" }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(screen.getByRole("button", { name: formMessages.addField })).toBeInTheDocument();
  });

  it("create: move up/down reorders the fields; typed lengths are clamped; Reset returns to one empty field", async () => {
    renderApp(`${listUrl}/create`, server);
    const add = async () => fireEvent.click(await screen.findByRole("button", { name: formMessages.addField }));
    await add();
    await add();
    await waitFor(() => expect(cards()).toHaveLength(3));
    ["one", "two", "three"].forEach((label, i) => type(labels()[i], label));
    fireEvent.click(screen.getByRole("button", { name: "Move field 1 down" }));
    await waitFor(() => expect(labels().map((l) => l.value)).toEqual(["two", "one", "three"]));
    fireEvent.click(screen.getByRole("button", { name: "Move field 3 up" }));
    await waitFor(() => expect(labels().map((l) => l.value)).toEqual(["two", "three", "one"]));
    expect(screen.getByRole("button", { name: "Move field 1 up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move field 3 down" })).toBeDisabled();

    const [min] = screen.getAllByLabelText("Min length");
    const [max] = screen.getAllByLabelText("Max length");
    type(max, "5000");
    await waitFor(() => expect(max).toHaveValue(1024));
    type(min, "40");
    type(max, "12");
    await waitFor(() => expect(max).toHaveValue(40));
    type(min, "abc");
    await waitFor(() => expect(min).toHaveValue(0));

    fireEvent.click(screen.getByRole("button", { name: formMessages.reset }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(labels()[0]).toHaveValue("");
    expect(screen.getByLabelText(formMessages.formName)).toHaveValue("");
  });

  it("create: submit is disabled until the name and every label are set; sends the fields in order and returns to the list", async () => {
    const bodies: unknown[] = [];
    server.use(
      rest.post(`${API}/:guildId/forms`, async ({ request }) => {
        bodies.push(await request.json());
        await delay(200);
        return HttpResponse.json({ message: formMessages.created, form: { FormId: 99, FormName: "x", Fields: [] } }, { status: 201 });
      }),
    );
    const { router } = renderApp(`${listUrl}/create`, server);
    const submit = await screen.findByRole("button", { name: formMessages.createForm });
    expect(submit).toBeDisabled();
    type(screen.getByLabelText(formMessages.formName), "Bug report");
    expect(submit).toBeDisabled();
    type(labels()[0], "Steps");
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(screen.getByRole("button", { name: formMessages.addField }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(submit).toBeDisabled();
    type(labels()[1], "Version");
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Required" })[1]);
    await waitFor(() => expect(submit).toBeEnabled());

    fireEvent.click(submit);
    expect((await screen.findByText(formMessages.creating)).closest("button")).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(toastMessages()).toContain(`success: ${formMessages.created}`);
    expect(bodies).toEqual([
      {
        FormName: "Bug report",
        fields: [
          { ...emptyField(0), Label: "Steps" },
          { ...emptyField(1), Label: "Version", Required: true },
        ],
      },
    ]);
  });

  it("create: a name over 45 characters (Discord's limit for the form's title) is refused under Form Name; 45 is sent", async () => {
    const bodies: { FormName: string }[] = [];
    server.use(
      rest.post(`${API}/:guildId/forms`, async ({ request }) => {
        bodies.push((await request.json()) as { FormName: string });
        return HttpResponse.json({ message: formMessages.created, form: { FormId: 99, FormName: "x", Fields: [] } }, { status: 201 });
      }),
    );
    const { router } = renderApp(`${listUrl}/create`, server);
    const name = await screen.findByLabelText(formMessages.formName);
    type(name, "f".repeat(46));
    type(labels()[0], "Q");
    const submit = screen.getByRole("button", { name: formMessages.createForm });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    const item = name.closest(".ant-form-item") as HTMLElement;
    expect(await within(item).findByText(sendLimitMessages.formNameTooLong)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    type(name, "f".repeat(45));
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(bodies.map((b) => b.FormName)).toEqual(["f".repeat(45)]);
  });

  it("create: a server error toasts its message and stays on the editor", async () => {
    server.use(
      rest.post(`${API}/:guildId/forms`, () => HttpResponse.json({ error: "Label must be at most 45 characters" }, { status: 400 })),
    );
    const { router } = renderApp(`${listUrl}/create`, server);
    type(await screen.findByLabelText(formMessages.formName), "F");
    type(labels()[0], "Q");
    const submit = screen.getByRole("button", { name: formMessages.createForm });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(toastMessages()).toContain("error: Failed to create form: Label must be at most 45 characters"));
    expect(router.state.location.pathname).toBe(`${listUrl}/create`);
  });

  it("edit: each change goes through its own endpoint — a new field is added by POST …/fields — 'Updating...', toast and back to the list", async () => {
    const calls: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      rest.get(`${API}/:guildId/forms/7`, () => HttpResponse.json({ form: demoForms[0] })),
      rest.put(`${API}/:guildId/forms/7`, () => {
        calls.push("PUT form");
        return HttpResponse.json({ message: formMessages.updated });
      }),
      rest.post(`${API}/:guildId/forms/7/fields`, async ({ request }) => {
        calls.push("POST field");
        bodies.push(await request.json());
        await delay(200);
        return HttpResponse.json(
          { message: "Field created successfully", field: { ...emptyField(2), FieldId: 3, Label: "New one" }, form: demoForms[0] },
          { status: 201 },
        );
      }),
    );
    const { router } = renderApp(`${listUrl}/edit/7`, server);
    expect(await screen.findByRole("link", { name: formMessages.backToForms })).toHaveAttribute("href", listUrl);
    await waitFor(() => expect(labels().map((l) => l.value)).toEqual(["What happened?", "Order ID"]));
    expect(screen.getByLabelText(formMessages.formName)).toHaveValue("Support Request");
    fireEvent.click(screen.getByRole("button", { name: formMessages.addField }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    type(labels()[2], "New one");
    const submit = screen.getByRole("button", { name: formMessages.updateForm });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect((await screen.findByText(formMessages.updating)).closest("button")).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(toastMessages()).toContain(`success: ${formMessages.updated}`);
    expect(calls).toEqual(["POST field"]);
    expect(bodies[0]).toMatchObject({ Label: "New one", Position: 2 });
  });

  it("edit: rename, change, delete and reorder each through their endpoint; a failed step shows its own text and stays", async () => {
    const calls: string[] = [];
    let failRename = true;
    server.use(
      rest.get(`${API}/:guildId/forms/7`, () => HttpResponse.json({ form: demoForms[0] })),
      rest.patch(`${API}/:guildId/forms/7`, async ({ request }) => {
        calls.push(`rename ${JSON.stringify(await request.json())}`);
        if (failRename) return HttpResponse.json({ error: "Name taken" }, { status: 409 });
        return HttpResponse.json({ message: "Form renamed", form: demoForms[0] });
      }),
      rest.delete(`${API}/:guildId/forms/7/fields/:fieldId`, ({ params }) => {
        calls.push(`delete ${params.fieldId}`);
        return HttpResponse.json({ message: "Field deleted", form: demoForms[0] });
      }),
    );
    const { router } = renderApp(`${listUrl}/edit/7`, server);
    await waitFor(() => expect(labels().map((l) => l.value)).toEqual(["What happened?", "Order ID"]));
    const name = screen.getByLabelText(formMessages.formName);
    fireEvent.change(name, { target: { value: "Support" } });
    // Remove the second field ("Order ID", FieldId 2).
    fireEvent.click(within(cards()[1] as HTMLElement).getByRole("button", { name: "Remove field 2" }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const submit = screen.getByRole("button", { name: formMessages.updateForm });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: "error", message: formMessages.renameFailed, description: "Name taken" }),
      ),
    );
    expect(calls).toEqual(['rename {"FormName":"Support"}']);
    expect(router.state.location.pathname).toBe(`${listUrl}/edit/7`);

    failRename = false;
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(calls.slice(1)).toEqual(['rename {"FormName":"Support"}', "delete 2"]);
  });

  it("edit: a form that cannot be fetched toasts 'Failed to fetch form' and returns to the list", async () => {
    server.use(rest.get(`${API}/:guildId/forms/:formId`, () => HttpResponse.json({ error: "Form not found" }, { status: 404 })));
    const { router } = renderApp(`${listUrl}/edit/12345`, server);
    await waitFor(() => expect(router.state.location.pathname).toBe(listUrl));
    expect(toastMessages()).toContain(`error: ${formMessages.fetchFormFailed}`);
  });
});
