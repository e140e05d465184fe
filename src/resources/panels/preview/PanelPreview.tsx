import { theme } from "antd";
import { Card } from "../../../ui/blocks";
import type { ReactNode } from "react";
import { useTr } from "../../../i18n/refine";
import { productName } from "../../../schemas/messages";
import type { SupportHours } from "../../../schemas/panel";
import { supportHoursSummary } from "../../../schemas/support-hours";
import { getLocale } from "../../../i18n/core";
import { buttonColorOf } from "../../engine/widgets/ColorWidgets";
import type { EmojiOption } from "../../engine/widgets/types";
import { BotMessage, type EmbedData, type EmbedField } from "../../engine/chat/EmbedPreview";

// The live preview beside the editors: the panel message with its button (single panel) or its dropdown /
// one button per panel (multi-panel), and the welcome message a new ticket starts with.

type Values = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");
const fieldsOf = (v: unknown): EmbedField[] =>
  Array.isArray(v)
    ? v
        .filter((f): f is EmbedField => !!f && typeof f === "object")
        .map((f) => ({ FieldName: str(f.FieldName), FieldValue: str(f.FieldValue), Inline: f.Inline === true }))
    : [];

/** An embed from fields named <prefix>Title, <prefix>Description, … (Panel… or Welcome…). */
export function embedOf(values: Values, prefix: "Panel" | "Welcome"): EmbedData {
  return {
    color: str(values[`${prefix}Color`]),
    author: str(values[`${prefix}Author`]),
    authorIconUrl: str(values[`${prefix}AuthorIconURL`]),
    authorUrl: str(values[`${prefix}AuthorURL`]),
    title: str(values[`${prefix}Title`]),
    titleUrl: str(values[`${prefix}TitleURL`]),
    description: str(values[`${prefix}Description`]),
    fields: fieldsOf(values[`${prefix}Fields`]),
    imageUrl: str(values[`${prefix}ImageURL`]),
    thumbnailUrl: str(values[`${prefix}ThumbnailURL`]),
    footer: str(values[`${prefix}Footer`]),
    footerIconUrl: str(values[`${prefix}FooterIconURL`]),
  };
}

export function EmojiGlyph({ emoji, emojis }: { emoji: string; emojis: EmojiOption[] }) {
  if (!emoji) return null;
  if (/^\d+$/.test(emoji)) {
    const custom = emojis.find((e) => e.id === emoji);
    return custom ? <img className="chat-emoji" src={custom.url} alt={`:${custom.name}:`} referrerPolicy="no-referrer" /> : null;
  }
  return <span className="chat-emoji-text">{emoji}</span>;
}

export interface ButtonLook {
  label: string;
  emoji: string;
  color: string;
  disabled?: boolean;
}

export function PreviewButton({ button, emojis }: { button: ButtonLook; emojis: EmojiOption[] }) {
  const { token } = theme.useToken();
  const colors = buttonColorOf(token, button.color);
  return (
    <span
      className="chat-button"
      data-testid="preview-button"
      data-color={button.color || "Primary"}
      aria-disabled={button.disabled || undefined}
      style={{ background: colors.background, color: colors.text, opacity: button.disabled ? 0.5 : 1 }}
    >
      <EmojiGlyph emoji={button.emoji} emojis={emojis} />
      {button.label && <span>{button.label}</span>}
    </span>
  );
}

function PreviewBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="preview-block" aria-label={title}>
      <h3 className="preview-heading">{title}</h3>
      <div className="preview-chat">{children}</div>
    </section>
  );
}

export function PreviewCard({ children }: { children: ReactNode }) {
  const tr = useTr();
  return (
    <Card className="panel-preview" title={tr("panels.preview.title", "Preview")} size="small" data-testid="panel-preview">
      {children}
    </Card>
  );
}

/** Button of a single panel as the platform draws it (no text and no emoji: the panel's name). */
export function buttonOf(panel: { PanelName?: unknown; PanelMessage?: unknown }): ButtonLook {
  const message = (panel.PanelMessage ?? {}) as Values;
  const emoji = str(message.ButtonEmoji);
  const text = str(message.ButtonText);
  const label = text || (emoji ? "" : str(panel.PanelName).trim() || "Open a ticket");
  return { label, emoji, color: str(message.ButtonColor), disabled: message.DisablePanel === true };
}

export function SinglePanelPreview({ values, emojis }: { values: Values; emojis: EmojiOption[] }) {
  const tr = useTr();
  const message = (values.PanelMessage ?? {}) as Values;
  const welcome = (values.WelcomeMessage ?? {}) as Values;
  // Support hours as the posted message shows them: one more field, read in the server's time zone.
  const hours = supportHoursSummary(
    values.SupportHours as SupportHours | undefined,
    tr("panels.preview.serverTimeZone", "the server's time zone"),
    getLocale() === "es" ? "es" : "en",
  );
  const embed = embedOf(message, "Panel");
  if (hours)
    embed.fields = [
      ...(embed.fields ?? []),
      { FieldName: tr("panels.preview.supportHours", "Support hours"), FieldValue: hours, Inline: false },
    ];
  return (
    <PreviewCard>
      <PreviewBlock title={tr("panels.preview.panelMessage", "Panel Message")}>
        <BotMessage botName={productName} content={str(message.PanelContent)} embed={embed}>
          <PreviewButton button={buttonOf(values)} emojis={emojis} />
        </BotMessage>
      </PreviewBlock>
      <PreviewBlock title={tr("panels.preview.welcomeMessage", "Welcome Message")}>
        <BotMessage botName={productName} content={str(welcome.WelcomeContent)} embed={embedOf(welcome, "Welcome")} />
      </PreviewBlock>
    </PreviewCard>
  );
}

export interface MemberPanel {
  PanelId: number;
  PanelName: string;
  PanelMessage: Values;
}

export function MultiPanelPreview({ values, panels, emojis }: { values: Values; panels: MemberPanel[]; emojis: EmojiOption[] }) {
  const { token } = theme.useToken();
  const tr = useTr();
  const ids = Array.isArray(values.Panels) ? (values.Panels as string[]) : [];
  const members = ids.map((id) => panels.find((p) => String(p.PanelId) === id)).filter((p): p is MemberPanel => !!p);
  const dropdown = values.DropdownMenu === true;
  const placeholder = str(values.DropdownMenuPlaceholder);
  return (
    <PreviewCard>
      <PreviewBlock title={tr("panels.preview.panelMessage", "Panel Message")}>
        <BotMessage botName={productName} content={str(values.PanelContent)} embed={embedOf(values, "Panel")}>
          {dropdown ? (
            <div
              className="chat-select"
              data-testid="preview-dropdown"
              style={{ background: token.colorBgContainer, borderColor: token.colorBorder }}
            >
              <div className="chat-select-box" style={{ color: token.colorTextPlaceholder }}>
                <span>{placeholder || tr("panels.preview.makeSelection", "Make a selection")}</span>
                <span aria-hidden>▾</span>
              </div>
              <ul className="chat-select-options" style={{ borderColor: token.colorBorderSecondary }}>
                {members.map((m) => {
                  const button = buttonOf(m);
                  return (
                    <li key={m.PanelId}>
                      <EmojiGlyph emoji={button.emoji} emojis={emojis} />
                      <span>{str(m.PanelMessage.ButtonText) || m.PanelName}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : (
            members.map((m) => <PreviewButton key={m.PanelId} button={buttonOf(m)} emojis={emojis} />)
          )}
        </BotMessage>
      </PreviewBlock>
    </PreviewCard>
  );
}
