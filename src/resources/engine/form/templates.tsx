import { Templates } from "./rjsf-antd";
import type { FieldTemplateProps, ObjectFieldTemplateProps, UiSchema } from "@rjsf/utils";
import { Alert, Col, Row } from "antd";
import { Card } from "../../../ui/blocks";
import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import { SiblingValues, type SchemaFormContext } from "../widgets/types";
import { optionsOf } from "./editor-schema";

// Layout of the form engine's editors: properties grouped into section cards (hint `section`), a nested object with
// a section is its own card with its rule's messages on top — unless it sits inside a card of that same section
// already (one section, not one card in another of the same title) — fields outside any section in plain rows,
// widths from `span`, `visibleWhen` honoured.

/** The section whose card the fields being drawn are in ("" outside any card). */
const CurrentSection = createContext("");

const AntdFieldTemplate = Templates.FieldTemplate as ComponentType<FieldTemplateProps>;

/** Objects render only their properties (their title and messages are the section card's); others as antd does. */
export function FieldTemplate(props: FieldTemplateProps) {
  if (props.schema.type === "object" && !props.hidden) return <>{props.children}</>;
  // antd's template prefers the help text over the messages; a field with a problem shows its message.
  if (props.rawErrors?.length) return <AntdFieldTemplate {...props} rawHelp={undefined} />;
  return <AntdFieldTemplate {...props} />;
}

function SectionMessages({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="editor-section-errors">
      {messages.map((m) => (
        <Alert key={m} type="error" showIcon message={m} />
      ))}
    </div>
  );
}

function SectionCard({ section, title, messages, children }: { section: string; title: string; messages: string[]; children: ReactNode }) {
  return (
    <Card className="editor-section" title={title || undefined} size="small">
      <SectionMessages messages={messages} />
      <CurrentSection.Provider value={section}>{children}</CurrentSection.Provider>
    </Card>
  );
}

function ObjectLayout(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, fieldPathId, registry, formData, schema } = props;
  const context = registry.formContext as SchemaFormContext;
  const sectionErrors = context?.sectionErrors ?? {};
  const titleOf = (section: string) => context?.sectionTitle?.(section) ?? section;
  const data = (formData ?? {}) as Record<string, unknown>;
  const uiOf = (name: string) => (uiSchema?.[name] as UiSchema | undefined) ?? {};
  const isNestedObject = (name: string) => (schema.properties?.[name] as { type?: unknown } | undefined)?.type === "object";
  const currentSection = useContext(CurrentSection);

  const shown = properties.filter((p) => {
    if (p.hidden) return false;
    const when = optionsOf(uiOf(p.name)).visibleWhen;
    return !when || data[when] === true;
  });
  const cols = (list: typeof shown, withHidden: boolean) => (
    <Row gutter={[16, 0]}>
      {list.map((p) => {
        const span = optionsOf(uiOf(p.name)).span ?? 24;
        return (
          <Col key={p.name} xs={24} md={span}>
            {p.content}
          </Col>
        );
      })}
      {/* Hidden inputs still belong in the form. */}
      {withHidden &&
        properties
          .filter((p) => p.hidden)
          .map((p) => (
            <div key={p.name} hidden>
              {p.content}
            </div>
          ))}
    </Row>
  );

  // A nested object: a card of its own when it names a section.
  if (fieldPathId.path.length > 0) {
    const section = optionsOf(uiSchema).section;
    if (!section)
      return (
        <fieldset id={fieldPathId.$id} className="editor-object">
          {cols(shown, true)}
        </fieldset>
      );
    // Already inside its section's card (which shows the section's messages): a part of that card, set apart by a rule.
    if (section === currentSection) {
      return (
        <fieldset id={fieldPathId.$id} className="editor-object editor-subsection">
          {cols(shown, true)}
        </fieldset>
      );
    }
    return (
      <fieldset id={fieldPathId.$id} className="editor-object">
        <SectionCard section={section} title={titleOf(section)} messages={sectionErrors[section] ?? []}>
          {cols(shown, true)}
        </SectionCard>
      </fieldset>
    );
  }

  // The root: consecutive groups by section, in the order the properties come.
  const groups: { section: string; items: typeof shown }[] = [];
  for (const p of shown) {
    const section = optionsOf(uiOf(p.name)).section ?? "";
    const last = groups.at(-1);
    if (last && last.section === section) last.items.push(p);
    else groups.push({ section, items: [p] });
  }
  // Messages about the whole object sit at the top (the section-less fields have no card to hold them).
  const topMessages = sectionErrors[""] ?? [];
  return (
    <fieldset id={fieldPathId.$id} className="editor-root">
      {topMessages.length > 0 && (
        <div className="editor-section-errors">
          {topMessages.map((m) => (
            <Alert key={m} type="error" showIcon message={m} />
          ))}
        </div>
      )}
      {groups.map((group, index) => {
        const selfCarded = group.items.length === 1 && isNestedObject(group.items[0].name);
        if (selfCarded) return <div key={`${group.section}-${index}`}>{group.items[0].content}</div>;
        // Fields outside any section (a declaration's dialog): plain rows, no card.
        if (!group.section) return <div key={`-${index}`}>{cols(group.items, false)}</div>;
        return (
          <SectionCard
            key={`${group.section}-${index}`}
            section={group.section}
            title={group.section && titleOf(group.section)}
            messages={sectionErrors[group.section] ?? []}
          >
            {cols(group.items, false)}
          </SectionCard>
        );
      })}
      <div hidden>
        {properties
          .filter((p) => p.hidden)
          .map((p) => (
            <div key={p.name}>{p.content}</div>
          ))}
      </div>
    </fieldset>
  );
}

/** An object's layout; its values are the siblings its widgets may read (clampedNumber). */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  return (
    <SiblingValues.Provider value={(props.formData ?? {}) as Record<string, unknown>}>
      <ObjectLayout {...props} />
    </SiblingValues.Provider>
  );
}
