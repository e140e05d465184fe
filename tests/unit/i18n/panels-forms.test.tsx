import { screen, within } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLocale, t } from "../../../src/i18n/core";
import es from "../../../src/i18n/locales/es";
import { toEditorSchema } from "../../../src/resources/engine/form/editor-schema";
import { localizeForm } from "../../../src/resources/engine/form/texts";
import { formEditorSchema } from "../../../src/resources/forms/editor/editor-schema";
import { fieldLines } from "../../../src/resources/forms/logic";
import { cookieTokenStore } from "../../../src/providers/session";
import { emptyField } from "../../../src/schemas/form";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The panels and forms screens in Spanish: their own texts come from es/panels.ts and es/forms.ts.

const server = useMswServer();
vi.setConfig({ testTimeout: 60_000 });

beforeEach(async () => {
  await changeLocale("es");
});
afterEach(async () => {
  cookieTokenStore.remove();
  await changeLocale("en");
  localStorage.clear();
});

const panelHandlers = [
  rest.get(`${API}/:guildId/panels`, () =>
    HttpResponse.json({
      panels: {
        SinglePanels: [],
        MultiPanels: [
          {
            PanelId: 3,
            PanelChannelId: "111",
            Panels: ["1", "2"],
            DropdownMenu: true,
            PanelTitle: "",
            PanelColor: "#43B581",
            PanelFields: [],
          },
        ],
      },
    }),
  ),
  rest.get(`${API}/:guildId/panel-properties`, () =>
    HttpResponse.json({ channels: { text: { general: "111" }, categories: {} }, emojis: [], roles: [], support_teams: [], forms: [] }),
  ),
];

describe("panels and forms in Spanish", () => {
  it("the panels list: row buttons, create links and the multi-panel detail", async () => {
    renderApp(`/${community}/panels`, server, { handlers: panelHandlers });
    const row = await screen.findByTestId("panel-row-3");
    expect(within(row).getByText("Sin título")).toBeInTheDocument();
    expect(within(row).getByText("#general · 2 paneles · menú desplegable")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Reenviar" })).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Editar" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Crear panel" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Crear multipanel" })).toBeInTheDocument();
  });

  it("the forms list: the card's actions button", async () => {
    server.use(rest.get(`${API}/:guildId/forms`, () => HttpResponse.json({ forms: [{ FormId: 7, FormName: "Soporte", Fields: [] }] })));
    renderApp(`/${community}/forms`, server);
    expect(await screen.findByRole("button", { name: "Acciones de Soporte" })).toHaveAttribute("title", "Acciones");
  });

  it("the form editor: field card, move buttons, input labels and placeholders", async () => {
    renderApp(`/${community}/forms/create`, server);
    expect(await screen.findByText("Campo 1")).toBeInTheDocument();
    expect(screen.getByText("Campos")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subir el campo 1" })).toBeDisabled();
    expect(screen.getByRole("group", { name: "Acciones del campo 1" })).toBeInTheDocument();
    expect(screen.getByLabelText("Etiqueta del campo")).toHaveAttribute("placeholder", "¿Cuál es tu pregunta?");
    expect(screen.getByLabelText("Longitud máxima")).toBeInTheDocument();
  });

  it("the editor schema and the card lines follow the language; the JSON Schema keeps the English", () => {
    const english = toEditorSchema(formEditorSchema);
    const { schema, uiSchema } = localizeForm(english.schema, english.uiSchema, (slot, text) => t(`forms.${slot}`, text));
    const items = (uiSchema.fields as Record<string, Record<string, Record<string, unknown>>>).items;
    expect(items.Style["ui:enumNames"]).toEqual({
      Short: es["forms.fields.fields.style.enum.short"],
      Paragraph: es["forms.fields.fields.style.enum.paragraph"],
      Dropdown: es["forms.fields.fields.style.enum.dropdown"],
    });
    expect(schema.properties!.fields.items!.properties!.Required.title).toBe("Obligatorio");
    expect(english.schema.properties!.fields.items!.properties!.Required.title).toBe("Required");
    const lines = fieldLines({ Fields: [{ ...emptyField(0), FieldId: 1, Label: "{n} x" }] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("{n} x");
  });
});
