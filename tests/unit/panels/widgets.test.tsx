import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { firstGrapheme } from "../../../src/resources/engine/widgets/EmojiWidget";
import { SchemaForm, withDefaults } from "../../../src/resources/engine/form/SchemaForm";
import { namedWidgetNames } from "../../../src/resources/engine/widgets/names";
import { loadWidgets } from "../../../src/resources/engine/widgets/registry";
import type { WidgetData } from "../../../src/resources/engine/widgets/types";
import { panelMessages } from "../../../src/schemas/messages";
import { buttonColorSchema, buttonEmojiSchema, colorSchema, panelFieldsSchema } from "../../../src/schemas/panel";

vi.setConfig({ testTimeout: 20_000 });

// Every editor widget, each bound to a field of a small schema, driven through the real rjsf form.
const schema = z.object({
  Channel: z.string({ error: "Channel required" }).min(1, "Channel required").meta({ title: "Channel", widget: "textChannel" }),
  Category: z.string().nullable().default(null).meta({ title: "Category", widget: "category" }),
  Role: z.string().nullable().default(null).meta({ title: "Role", widget: "role" }),
  Teams: z.array(z.string()).max(1).default([]).meta({ title: "Team", widget: "supportTeam" }),
  Form: z.number().nullable().default(null).meta({ title: "Form", widget: "form" }),
  Emoji: buttonEmojiSchema.meta({ title: "Emoji", widget: "emoji" }),
  Color: colorSchema.default("#43B581").meta({ title: "Colour", widget: "color" }),
  ButtonColor: buttonColorSchema.default("Primary").meta({ title: "Button Colour", widget: "buttonColor" }),
  Fields: panelFieldsSchema.meta({ title: "Fields", widget: "embedFields" }),
  Panels: z.array(z.string()).default([]).meta({ title: "Panels", widget: "panelSelect" }),
  On: z.boolean().default(false).meta({ title: "On", widget: "switch" }),
});

const data: WidgetData = {
  textChannels: [
    { value: "111", label: "general" },
    { value: "222", label: "support" },
  ],
  categories: [{ value: "301", label: "Support" }],
  roles: [{ value: "401", label: "Moderator" }],
  teams: [{ value: "7", label: "Support Team" }],
  forms: [{ value: 5, label: "Bug form" }],
  emojis: [{ id: "812345678901234801", name: "ticket", url: "/images/guilds/emojis/ticket.svg" }],
  panels: [
    { value: "1", label: "General Support #1" },
    { value: "2", label: "Billing #2" },
    { value: "3", label: "Bugs #3" },
  ],
};

function setup(initial: Record<string, unknown> = {}) {
  const state = { current: withDefaults(schema, initial) as Record<string, any> };
  const submitted = vi.fn();
  const invalid = vi.fn();
  function Harness() {
    const [formData, setFormData] = useState(state.current);
    return (
      <>
        <SchemaForm
          id="test-form"
          textKey="widgetsTest"
          schema={schema}
          formData={formData}
          data={data}
          onChange={(next) => {
            state.current = next;
            setFormData(next);
          }}
          onSubmit={submitted}
          onInvalid={invalid}
        />
        <button type="submit" form="test-form">
          Submit
        </button>
      </>
    );
  }
  render(<Harness />);
  return { state, submitted, invalid, submit: () => fireEvent.click(screen.getByRole("button", { name: "Submit" })) };
}

/** Opens the antd select labelled `label` and picks the option titled `option`. */
async function pick(label: string, option: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input.closest(".ant-select")!.querySelector(".ant-select-selector")!);
  const choices = await screen.findAllByTitle(option);
  fireEvent.click(choices.at(-1)!);
}

describe("editor widgets", () => {
  // Each widget is a chunk loaded when a form names it; here they are loaded first, so the form renders at once.
  beforeAll(() => loadWidgets(namedWidgetNames));

  it("text channel: picks a channel of the guild, or a typed id (digits only) with 'Use custom channel ID'", async () => {
    const { state } = setup();
    await pick("Channel", "#support");
    expect(state.current.Channel).toBe("222");
    fireEvent.click(screen.getByRole("switch", { name: panelMessages.useCustomChannelId }));
    const input = screen.getByLabelText("Channel");
    expect(input.tagName).toBe("INPUT");
    fireEvent.change(input, { target: { value: "12ab34" } });
    expect(state.current.Channel).toBe("1234");
  });

  it("text channel: a stored id the list does not know opens in custom mode", () => {
    setup({ Channel: "999" });
    expect(screen.getByRole("switch", { name: panelMessages.useCustomChannelId })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByLabelText("Channel")).toHaveValue("999");
  });

  it("category, role (with None), support team (at most one) and form pickers", async () => {
    const { state } = setup();
    await pick("Category", "Support");
    expect(state.current.Category).toBe("301");
    await pick("Role", "@Moderator");
    expect(state.current.Role).toBe("401");
    await pick("Role", "None");
    expect(state.current.Role).toBeNull();
    await pick("Team", "Support Team");
    expect(state.current.Teams).toEqual(["7"]);
    await pick("Team", "None");
    expect(state.current.Teams).toEqual([]);
    await pick("Form", "Bug form");
    expect(state.current.Form).toBe(5);
  });

  it("emoji: one unicode emoji only; the custom switch clears the value and offers the guild's emojis", async () => {
    expect(firstGrapheme("👩‍💻x")).toBe("👩‍💻");
    const { state } = setup({ Emoji: "🎫" });
    const input = screen.getByLabelText("Emoji");
    fireEvent.change(input, { target: { value: "🎫🐛" } });
    expect(state.current.Emoji).toBe("🎫");
    fireEvent.click(screen.getByRole("switch", { name: "Use custom emoji" }));
    expect(state.current.Emoji).toBe("");
    await pick("Emoji", "ticket");
    expect(state.current.Emoji).toBe("812345678901234801");
    fireEvent.click(screen.getByRole("switch", { name: "Use custom emoji" }));
    expect(state.current.Emoji).toBe("");
    // quick picks
    fireEvent.click(screen.getByRole("button", { name: "Pick" }));
    fireEvent.click(await screen.findByRole("option", { name: "📩" }));
    expect(state.current.Emoji).toBe("📩");
  });

  it("colour: starts at the default, takes '#' + 6 hex digits, and an invalid one is refused with the spec's message", async () => {
    const { state, submit, invalid, submitted } = setup({ Channel: "111" });
    const input = screen.getByLabelText("Colour");
    expect(input).toHaveValue("#43B581");
    fireEvent.change(input, { target: { value: "5865F2" } });
    expect(state.current.Color).toBe("#5865F2");
    fireEvent.change(input, { target: { value: "#12" } });
    submit();
    await waitFor(() => expect(invalid).toHaveBeenCalledWith([panelMessages.invalidColor]));
    expect(submitted).not.toHaveBeenCalled();
    expect(await screen.findByText(panelMessages.invalidColor)).toBeInTheDocument();
  });

  it("button colour: Primary, Secondary, Success and Danger", async () => {
    const { state } = setup();
    const input = screen.getByLabelText("Button Colour");
    fireEvent.mouseDown(input.closest(".ant-select")!.querySelector(".ant-select-selector")!);
    await waitFor(() => expect(document.querySelectorAll(".ant-select-item-option").length).toBeGreaterThan(0));
    const options = [...document.querySelectorAll(".ant-select-item-option")];
    expect(options.map((o) => o.textContent)).toEqual(["Primary", "Secondary", "Success", "Danger"]);
    fireEvent.click(options.find((o) => o.textContent === "Danger")!);
    expect(state.current.ButtonColor).toBe("Danger");
  });

  it("embed fields: add, edit name, value and inline, remove; an incomplete field is refused", async () => {
    const { state, submit, invalid, submitted } = setup({ Channel: "111" });
    fireEvent.click(screen.getByRole("button", { name: "Add embed field" }));
    fireEvent.click(screen.getByRole("button", { name: "Add embed field" }));
    expect(state.current.Fields).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Field 1 name"), { target: { value: "Hours" } });
    fireEvent.change(screen.getByLabelText("Field 1 value"), { target: { value: "9-5" } });
    fireEvent.click(within(screen.getByRole("group", { name: "Field 1" })).getByRole("switch"));
    expect(state.current.Fields[0]).toEqual({ FieldName: "Hours", FieldValue: "9-5", Inline: true });
    submit();
    await waitFor(() => expect(invalid).toHaveBeenCalledWith([panelMessages.panelFieldsInvalid]));
    fireEvent.click(screen.getByRole("button", { name: "Remove field 2" }));
    expect(state.current.Fields).toEqual([{ FieldName: "Hours", FieldValue: "9-5", Inline: true }]);
    submit();
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0].Fields).toEqual([{ FieldName: "Hours", FieldValue: "9-5", Inline: true }]);
  });

  it("panel multi-select: searchable, keeps the picked order", async () => {
    const { state } = setup();
    const input = screen.getByLabelText("Panels");
    fireEvent.mouseDown(input.closest(".ant-select")!.querySelector(".ant-select-selector")!);
    fireEvent.change(input, { target: { value: "bill" } });
    await waitFor(() => expect(document.querySelectorAll(".ant-select-item-option")).toHaveLength(1));
    fireEvent.click(await screen.findByTitle("Billing #2"));
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.click((await screen.findAllByTitle("General Support #1")).at(-1)!);
    expect(state.current.Panels).toEqual(["2", "1"]);
  });

  it("switch: a boolean", () => {
    const { state } = setup();
    act(() => {
      fireEvent.click(screen.getByRole("switch", { name: "On" }));
    });
    expect(state.current.On).toBe(true);
  });
});
