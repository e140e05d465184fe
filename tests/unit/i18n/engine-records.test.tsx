import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import es from "../../../src/i18n/locales/es";
import engineEs from "../../../src/i18n/locales/es/engine";
import recordsEs from "../../../src/i18n/locales/es/records";
import { actionKey } from "../../../src/resources/activity/action-labels";
import { formTexts, localizeForm, sectionTitles } from "../../../src/resources/engine/form/texts";
import { toEditorSchema } from "../../../src/resources/engine/form/editor-schema";
import { keySegment } from "../../../src/i18n/keys";
import { formatRelativeTime } from "../../../src/resources/engine/RelativeTime";
import { declarationKey, declarationTexts, isSpecText } from "../../../src/resources/engine/texts";
import { editorSchemaOf } from "../../../src/resources/engine/form/SchemaForm";
import { resourceDeclarations } from "../../../src/resources/registry";
import type { ActivityEntry } from "../../../src/schemas/activity";
import type { BlacklistEntry } from "../../../src/schemas/blacklist";
import { formEditorSchema } from "../../../src/resources/forms/editor/editor-schema";
import { multiPanelSchema } from "../../../src/schemas/multi-panel";
import { singlePanelSchema } from "../../../src/schemas/panel";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The engine, Tags, Blacklist, Transcripts and Activity in Spanish. Keys the engine builds at run time (a
// declaration's texts, its editor's fields, the panel editors' fields and sections, activity actions) are not seen
// by the coverage scanner: they are checked here. Then generated screens render in Spanish.

const server = useMswServer();
vi.setConfig({ testTimeout: 60_000 });

afterEach(async () => {
  await act(() => changeLocale("en"));
  localStorage.clear();
});

const generated = resourceDeclarations.filter((d) => !d.screen);

/** [key, English] of every text of a generated declaration and of its editor (spec texts too: they have keys here). */
function declarationKeys() {
  return generated.flatMap((d) => {
    const texts = [...declarationTexts(d)];
    if (d.schema) {
      const form = toEditorSchema(d.schema, d.fields);
      texts.push(...formTexts(form.schema, form.uiSchema));
    }
    return texts.map(([slot, english]) => [declarationKey(d, slot), english] as const);
  });
}

/** [key, English] of the hand-built screens' SchemaForm editors, under their resource's key (their textKey). */
function schemaFormKeys() {
  const editors = [
    ["panels", singlePanelSchema],
    ["panels", multiPanelSchema],
    ["forms", formEditorSchema],
  ] as const;
  return editors.flatMap(([resource, schema]) => {
    const { schema: json, uiSchema } = editorSchemaOf(schema);
    const texts = [...formTexts(json, uiSchema), ...sectionTitles(uiSchema).map((s) => [`sections.${keySegment(s)}`, s] as const)];
    return texts.map(([slot, english]) => [`${resource}.${slot}`, english] as const);
  });
}

/** The action names the server records: the string values of every `…Actions = { … }` constant in server/. */
function serverActions(): string[] {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith(".ts") ? [path] : [];
    });
  const names = new Set<string>();
  for (const file of files("server")) {
    for (const [, body] of readFileSync(file, "utf8").matchAll(/export const \w*[aA]ctions = \{([^}]*)\}/g)) {
      for (const [, name] of body.matchAll(/:\s*"([^"]+)"/g)) names.add(name);
    }
  }
  return [...names];
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}|%(\d)/g)].map((m) => m[0]).sort();

describe("keys built at run time", () => {
  it("every text of every generated declaration and of its editor's fields has Spanish", () => {
    expect(generated.map((d) => d.name)).toEqual(expect.arrayContaining(["tags", "blacklist"]));
    const keys = declarationKeys();
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter(([key]) => !(key in es))).toEqual([]);
    // Each field of each declared editor: its title at least.
    for (const d of generated.filter((g) => g.schema)) {
      const form = toEditorSchema(d.schema!, d.fields);
      for (const field of Object.keys(form.schema.properties ?? {})) {
        const title = form.schema.properties![field].title;
        if (title) expect(es).toHaveProperty([declarationKey(d, `fields.${keySegment(field)}.title`)]);
      }
    }
  });

  it("the validation messages of the declared schemas are spec texts or declared messages", () => {
    const invalid: Record<string, unknown[]> = {
      tags: [{}, { TagName: "x".repeat(300), Content: "y".repeat(3000) }],
      blacklist: [{}, { Kind: "Group", TargetId: "bob", Reason: "z".repeat(201) }],
    };
    for (const d of generated.filter((g) => g.schema)) {
      const declared = new Set(Object.values(d.messages ?? {}));
      for (const input of invalid[d.name] ?? [{}]) {
        const result = d.schema!.safeParse(input);
        expect(result.success).toBe(false);
        for (const issue of result.error!.issues)
          expect(isSpecText(issue.message) || declared.has(issue.message), issue.message).toBe(true);
      }
    }
  });

  it("the panel and form editors' fields and sections have Spanish, and one key never stands for two English texts", () => {
    const keys = schemaFormKeys();
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter(([key]) => !(key in es))).toEqual([]);
    const seen = new Map<string, string>();
    for (const [key, english] of keys) {
      expect(seen.get(key) ?? english, key).toBe(english);
      seen.set(key, english);
    }
  });

  it("every action the server records has a Spanish label", () => {
    const actions = serverActions();
    expect(actions).toEqual(expect.arrayContaining(["Tag Created", "Multi-Panel Resent", "Form Field Moved", "Bot Key Rotated"]));
    expect(actions.map(actionKey).filter((key) => !(key in es))).toEqual([]);
  });

  it("keeps every {placeholder} and rjsf %n marker of the English", async () => {
    const english: Record<string, string> = {
      "transcripts.viewTitle": "Ticket #{id}",
      "transcripts.frameTitle": "Transcript of ticket #{id}",
      "transcripts.pager.of": "of {last}",
      "transcripts.pager.totalOne": "{n} transcript",
      "transcripts.pager.totalOther": "{n} transcripts",
      "transcripts.botKey.intro": "… {path} …",
      "transcripts.botKey.since": "A key exists since {date}.",
      "activity.totalOne": "{n} entry",
      "activity.totalOther": "{n} entries",
      "ui.dataTable.page": "Page {page}",
      "ui.dataTable.perPage": "{n} / page",
      "ui.dataTable.selected": "{n} selected",
      "ui.dataTable.selectAllMatching": "Select all {n} matching",
      "ui.dataTable.selectRow": "Select row {n}",
      "ui.inlineEdit.edit": "Edit {field}",
      "ui.savedViews.current": "View: {name}",
      "ui.savedViews.currentChanged": "View: {name} (changed)",
      "ui.savedViews.update": "Update “{name}”",
      "ui.savedViews.rename": "Rename “{name}”…",
      "ui.savedViews.delete": "Delete “{name}”",
      "ui.savedViews.quotaFull": "You keep at most {max} views of this list: delete one first",
      "ui.bulkDelete.deleted": "{n} deleted",
      "ui.bulkDelete.restored": "{n} restored",
      "tickets.bulk.closeTitle": "Close {n} tickets",
      "tickets.bulk.done": "{done} of {n} tickets done",
      "transcripts.bulk.confirmTitle": "Delete {n} transcripts?",
      "transcripts.bulk.deleted": "{n} transcripts deleted",
      "ui.noAccess.permission": "… the team permission “{permission}” …",
      "ui.embedFieldsWidget.field": "Field {n}",
      "ui.embedFieldsWidget.name": "Field {n} name",
      "ui.embedFieldsWidget.value": "Field {n} value",
      "ui.embedFieldsWidget.remove": "Remove field {n}",
      "ui.schemaForm.unknownFieldType": "Unknown field type %1",
      "ui.schemaForm.optionPrefix": "Option %1",
      "ui.schemaForm.titleOptionPrefix": "%1 option %2",
      "ui.schemaForm.keyLabel": "%1 Key",
      "ui.schemaForm.deprecated": "%1 (deprecated)",
    };
    for (const [key, text] of Object.entries(english)) expect(placeholders(es[key]), key).toEqual(placeholders(text));
    // Texts without placeholders in English have none in Spanish.
    const withParams = new Set(Object.keys(english));
    for (const [key, text] of Object.entries({ ...engineEs, ...recordsEs })) {
      if (!withParams.has(key)) expect(placeholders(text), key).toEqual([]);
    }
  });

  it("the form's texts are translated where the engine builds it, English word for word", () => {
    const blacklist = generated.find((d) => d.name === "blacklist")!;
    const form = toEditorSchema(blacklist.schema!, blacklist.fields);
    const same = localizeForm(form.schema, form.uiSchema, (_, english) => english);
    expect(same.schema).toEqual(form.schema);
    expect(same.uiSchema.Kind).toMatchObject({ "ui:enumNames": { User: "User", Role: "Role" } });
    const spanish = localizeForm(form.schema, form.uiSchema, (slot, english) => es[`blacklist.${slot}`] ?? english);
    expect(spanish.schema.properties!.TargetId.title).toBe("ID del usuario o del rol");
    expect(spanish.uiSchema.Kind).toMatchObject({ "ui:enumNames": { User: "Usuario", Role: "Rol" } });
    expect(form.schema.properties!.TargetId.title).toBe("User or role id");
  });

  it("relative times follow the language", () => {
    const now = Date.UTC(2024, 5, 1, 12);
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(formatRelativeTime(now - 5 * 60_000, now, "es")).toBe("hace 5 minutos");
    expect(formatRelativeTime(now - 26 * 3600_000, now, "es")).toBe("ayer");
  });
});

const blacklistEntry = (EntryId: number, extra: Partial<BlacklistEntry> = {}): BlacklistEntry => ({
  EntryId,
  Kind: "User",
  TargetId: `55555555555555555${EntryId}`,
  TargetName: null,
  Reason: "Spamming tickets",
  CreatedAt: Date.now() - 2 * 86_400_000,
  ...extra,
});

describe("screens in Spanish", () => {
  it("the generated Blacklist list: title, columns, badges, relative times, search and the add dialog", async () => {
    await act(() => changeLocale("es"));
    server.use(
      rest.get(`${API}/:guildId/blacklist`, () =>
        HttpResponse.json({ blacklist: [blacklistEntry(1), blacklistEntry(2, { Kind: "Role" })] }),
      ),
    );
    renderApp(`/${community}/blacklist`, server);
    expect(await screen.findByRole("heading", { name: "Lista negra", level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText("555555555555555551")).closest("tr")!;
    expect(within(row).getByText("Usuario")).toBeInTheDocument();
    expect(within(row).getByText("anteayer")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Quitar" })).toBeInTheDocument();
    for (const title of ["Tipo", "Usuario o rol", "Motivo", "Añadido", "Acciones"]) {
      expect(screen.getByRole("columnheader", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText("Usuarios y roles bloqueados")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Buscar por ID, rol o motivo" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Añadir a la lista negra" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 30_000 });
    expect(within(dialog).getByLabelText("ID del usuario o del rol")).toHaveAttribute("placeholder", "p. ej., 812345678901234604");
    expect(within(dialog).getByText("Bloquea a un solo usuario o a todos los que tengan un rol")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Añadir" }));
    expect(await within(dialog).findByText("El ID es obligatorio")).toBeInTheDocument();
    expect(within(dialog).getByText("El tipo debe ser Usuario o Rol")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toBeInTheDocument();
  });

  it("the generated Tags list: spec texts, columns and the empty text", async () => {
    await act(() => changeLocale("es"));
    server.use(rest.get(`${API}/:guildId/tags`, () => HttpResponse.json({ tags: [] })));
    renderApp(`/${community}/tags`, server);
    expect(await screen.findByRole("heading", { name: "Etiquetas", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("No se encontraron etiquetas")).toBeInTheDocument();
    expect(screen.getByText("Gestionar etiquetas")).toBeInTheDocument();
    const headers = within(screen.getByRole("table"))
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    // The first column is the selection's (its checkbox is named; the header has no text).
    expect(headers).toEqual(["", "ID", "Nombre", "Contenido", "Acciones"]);
  });

  it("the Activity Logs: columns, action labels, totals and the change view", async () => {
    await act(() => changeLocale("es"));
    const entry: ActivityEntry = {
      ActivityId: 7,
      Action: "Tag Created",
      Timestamp: 1_717_000_007,
      UserId: "900000000000000001",
      Avatar: "/images/default-avatar.svg",
      Username: "Demo Admin",
      IpAddress: "10.0.0.7",
      After: { TagName: "welcome" },
    };
    server.use(
      rest.get(`${API}/:guildId/activity/actions`, () => HttpResponse.json({ actions: ["Tag Created"] })),
      rest.get(`${API}/:guildId/activity`, () => HttpResponse.json({ activity: [entry], total: 1, page: 1, per_page: 25 })),
    );
    renderApp(`/${community}/activity`, server);
    expect(await screen.findByRole("heading", { name: "Registros de actividad", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("Etiqueta creada", { selector: "td" })).toBeInTheDocument();
    for (const title of ["ID", "Acción", "Fecha y hora", "Usuario", "Dirección IP"]) {
      expect(screen.getByRole("columnheader", { name: title })).toBeInTheDocument();
    }
    const row = screen.getByText("10.0.0.7").closest("tr")!;
    expect(within(row).getByText(new Date(1_717_000_007 * 1000).toLocaleString("es-ES"))).toBeInTheDocument();
    expect(screen.getByText("1 entrada")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Actualizar" })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole("button", { name: "Mostrar qué cambió" }));
    const changes = await screen.findByRole("region", { name: "Qué cambió" });
    for (const header of ["Campo", "Antes", "Después"]) expect(within(changes).getByText(header)).toBeInTheDocument();
    // antd's own words follow the language too (the page-size changer).
    await waitFor(() => expect(screen.getByText("25 / página")).toBeInTheDocument());
  });

  it("the Transcripts list: filters, columns, pager and the spec's texts", async () => {
    await act(() => changeLocale("es"));
    server.use(
      rest.get(`${API}/:guildId/transcript-panels`, () => HttpResponse.json({ panels: ["Unknown"] })),
      rest.get(`${API}/:guildId/transcripts`, () =>
        HttpResponse.json({
          transcripts: [
            {
              TicketId: 12,
              AuthorId: "700000000000000001",
              AuthorUsername: "user12",
              Rating: null,
              PanelName: "Unknown",
              PanelId: null,
              CloseReason: null,
              ClosedAt: 1_717_000_000_000,
            },
          ],
          total: 1,
          page: 1,
          per_page: 25,
        }),
      ),
    );
    renderApp(`/${community}/transcripts`, server);
    const row = (await screen.findByText("user12")).closest("tr")!;
    for (const text of ["N/D", "Panel eliminado", "No se indicó ningún motivo", "Ver"])
      expect(within(row).getByText(text)).toBeInTheDocument();
    for (const title of ["ID del ticket", "Nombre de usuario", "Valoración", "Panel", "Motivo de cierre", "Acciones"]) {
      expect(screen.getByRole("columnheader", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { name: "Transcripciones", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("1 transcripción")).toBeInTheDocument();
    expect(screen.getByText("de 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Anterior" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Paginación" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Buscar en los mensajes" })).toBeInTheDocument();
  });
});
