import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { changeLocale, t } from "../../../src/i18n/core";
import { SchemaForm, withDefaults } from "../../../src/resources/engine/form/SchemaForm";
import { toEditorSchema } from "../../../src/resources/engine/form/editor-schema";
import { localizeForm } from "../../../src/resources/engine/form/texts";
import { namedWidgetNames } from "../../../src/resources/engine/widgets/names";
import { loadWidgets } from "../../../src/resources/engine/widgets/registry";
import { panelRulesShape, singlePanelSchema, supportHoursSchema } from "../../../src/schemas/panel";

vi.setConfig({ testTimeout: 20_000 });

// The single-panel editor's rules, drawn by the form engine from the schema: one "Panel Rules" section, the support
// days as the week's days by name (stored as day numbers, 0 Sunday), and choices in words in both languages.

const rulesSchema = z.object(panelRulesShape);
const english = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function setup(initial: Record<string, unknown> = {}) {
  const state = { current: withDefaults(rulesSchema, initial) as Record<string, any> };
  function Harness() {
    const [formData, setFormData] = useState(state.current);
    return (
      <SchemaForm
        id="rules-form"
        textKey="panels"
        schema={rulesSchema}
        formData={formData}
        data={{ roles: [] }}
        onChange={(next) => {
          state.current = next;
          setFormData(next);
        }}
        onSubmit={() => {}}
      />
    );
  }
  render(<Harness />);
  return state;
}

const dayBoxes = () => within(screen.getByRole("group", { name: "Days" })).getAllByRole("checkbox");
const labelOf = (box: HTMLElement) => box.closest("label")?.textContent ?? "";

/** The options of the antd select labelled `label`, as their titles. */
function optionsOf(label: string): string[] {
  fireEvent.mouseDown(screen.getByLabelText(label).closest(".ant-select")!.querySelector(".ant-select-selector")!);
  const list =
    document.querySelector(`#${CSS.escape(screen.getByLabelText(label).id)}_list`)?.closest(".ant-select-dropdown") ?? document.body;
  return [...list.querySelectorAll(".ant-select-item-option")].map((o) => o.getAttribute("title") ?? "");
}

describe("the panel rules form", () => {
  beforeAll(() => loadWidgets(namedWidgetNames));
  afterEach(() => changeLocale("en"));

  it("is one 'Panel Rules' section: the support hours are part of it, not a card of the same title inside it", () => {
    setup();
    expect(screen.getAllByText("Panel Rules")).toHaveLength(1);
    expect(document.querySelectorAll(".editor-section")).toHaveLength(1);
    expect(screen.getByRole("switch", { name: "Support hours" }).closest(".editor-section")).not.toBeNull();
  });

  it("shows the support days as the week's days by name, Monday first, and stores them as day numbers (0 Sunday)", () => {
    const state = setup({ SupportHours: { Enabled: true, Days: [1, 2, 3, 4, 5] } });
    expect(dayBoxes().map(labelOf)).toEqual(english);
    expect(dayBoxes().map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true, true, true, false, false]);
    // No number boxes "Days-1" … "Days-5" any more.
    expect(screen.queryByText(/Days-\d/)).toBeNull();
    expect(screen.queryAllByRole("spinbutton").filter((b) => b.closest('[role="group"]'))).toHaveLength(0);

    fireEvent.click(dayBoxes()[6]);
    expect(state.current.SupportHours.Days).toEqual([0, 1, 2, 3, 4, 5]);
    fireEvent.click(dayBoxes()[0]);
    expect(state.current.SupportHours.Days).toEqual([0, 2, 3, 4, 5]);
    fireEvent.click(dayBoxes()[5]);
    expect(state.current.SupportHours.Days).toEqual([0, 2, 3, 4, 5, 6]);
  });

  it("names the day boxes in Spanish when Spanish is on screen", async () => {
    await changeLocale("es");
    setup({ SupportHours: { Enabled: true, Days: [0] } });
    expect(dayBoxes().map(labelOf)).toEqual(["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]);
    expect(dayBoxes().map((b) => (b as HTMLInputElement).checked)).toEqual([false, false, false, false, false, false, true]);
  });

  it("offers the choices in words, not the stored values", () => {
    setup();
    expect(optionsOf("Tickets open as")).toEqual(["As the server's settings say", "A private thread", "A channel"]);
    expect(optionsOf("Outside support hours")).toEqual(["Open the ticket", "Refuse the ticket"]);
  });

  it("words the choices in Spanish under panels.fields.<field>.enum.<value>, and the stored values stay", async () => {
    await changeLocale("es");
    const editor = toEditorSchema(singlePanelSchema);
    const local = localizeForm(editor.schema, editor.uiSchema, (slot, words) => t(`panels.${slot}`, words));
    const ui = local.uiSchema as Record<string, any>;
    expect(ui.ThreadMode["ui:enumNames"]).toEqual({ server: "Según el servidor", thread: "Un hilo privado", channel: "Un canal" });
    expect(ui.SupportHours.OutsideHours["ui:enumNames"]).toEqual({ open: "Abrir el ticket", refuse: "Rechazar el ticket" });
    expect(editor.schema.properties?.ThreadMode.enum).toEqual(["server", "thread", "channel"]);
    expect(ui.SupportHours.Days["ui:widget"]).toBe("weekdays");
    expect(supportHoursSchema.parse({ Enabled: true, Days: [0, 6], Start: "09:00", End: "17:00", OutsideHours: "refuse" }).Days).toEqual([
      0, 6,
    ]);
  });
});
