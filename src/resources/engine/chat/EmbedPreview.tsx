import { theme } from "antd";
import { type CSSProperties, type ReactNode, useState } from "react";
import { useTr } from "../../../i18n/refine";
import "./chat.css";
import { inlineRows } from "../../../schemas/message-parts";
import { isHttpUrl, Markdown } from "./markdown";

// A message as the chat platform shows it: the bot's name, the content, one embed (colour bar, author, title,
// description, fields in rows of up to three, image, thumbnail, footer) and the components below it.
// Images the user typed render only from http(s) URLs, without a referrer.

export interface EmbedField {
  FieldName: string;
  FieldValue: string;
  Inline: boolean;
}

export interface EmbedData {
  color?: string;
  author?: string;
  authorIconUrl?: string;
  authorUrl?: string;
  title?: string;
  titleUrl?: string;
  description?: string;
  fields?: EmbedField[];
  imageUrl?: string;
  thumbnailUrl?: string;
  footer?: string;
  footerIconUrl?: string;
}

const hex = /^#[0-9a-fA-F]{6}$/;
const filled = (v: string | undefined): v is string => !!v && v.trim() !== "";

/**
 * A path on the app's own origin ("/images/default-avatar.svg"): the demo platform's local images (a staff reply's
 * avatar) are stored so, to load at whatever address the app is opened.
 */
const isSameOriginPath = (value: string | undefined): value is string => !!value && /^\/(?![/\\])\S*$/.test(value);

/** An image from a URL the user typed (http(s) only) or the app's own path, no referrer; a placeholder when it cannot load. */
export function UserImage({ src, className, alt = "" }: { src: string | undefined; className: string; alt?: string }) {
  const tr = useTr();
  const [failed, setFailed] = useState<string | null>(null);
  if (!isHttpUrl(src) && !isSameOriginPath(src)) return null;
  if (failed === src) {
    return (
      <span
        className={`${className} embed-image-missing`}
        title={src}
        role="img"
        aria-label={tr("panels.preview.imageUnavailable", "Image unavailable")}
      >
        ?
      </span>
    );
  }
  return <img className={className} src={src} alt={alt} referrerPolicy="no-referrer" loading="lazy" onError={() => setFailed(src)} />;
}

/** Inline fields share a row, three at most; a field that is not inline takes a row of its own. */
export const fieldRows = (fields: EmbedField[]): EmbedField[][] => inlineRows(fields, (field) => field.Inline);

export function hasEmbed(e: EmbedData): boolean {
  return (
    [e.author, e.title, e.description, e.footer].some(filled) ||
    isHttpUrl(e.imageUrl) ||
    isHttpUrl(e.thumbnailUrl) ||
    (e.fields?.length ?? 0) > 0
  );
}

export function Embed({ embed }: { embed: EmbedData }) {
  const { token } = theme.useToken();
  const bar = embed.color && hex.test(embed.color) ? embed.color : token.colorBorder;
  const style: CSSProperties = { borderInlineStartColor: bar, background: token.colorFillQuaternary };
  const fields = (embed.fields ?? []).filter((f) => filled(f.FieldName) || filled(f.FieldValue));
  return (
    <div className="embed" style={style} data-testid="embed">
      <div className="embed-grid">
        <div className="embed-main">
          {filled(embed.author) && (
            <div className="embed-author">
              <UserImage src={embed.authorIconUrl} className="embed-author-icon" />
              {isHttpUrl(embed.authorUrl) ? (
                <a href={embed.authorUrl} target="_blank" rel="noopener noreferrer nofollow">
                  {embed.author}
                </a>
              ) : (
                <span>{embed.author}</span>
              )}
            </div>
          )}
          {filled(embed.title) && (
            <div className="embed-title">
              {isHttpUrl(embed.titleUrl) ? (
                <a href={embed.titleUrl} target="_blank" rel="noopener noreferrer nofollow" style={{ color: token.colorLink }}>
                  <Markdown text={embed.title} />
                </a>
              ) : (
                <Markdown text={embed.title} />
              )}
            </div>
          )}
          {filled(embed.description) && (
            <div className="embed-description">
              <Markdown text={embed.description} />
            </div>
          )}
          {fields.length > 0 && (
            <div className="embed-fields">
              {fieldRows(fields).map((row, r) => (
                <div key={r} className="embed-field-row" style={{ gridTemplateColumns: `repeat(${row.length}, minmax(0, 1fr))` }}>
                  {row.map((field, i) => (
                    <div key={i} className="embed-field">
                      <div className="embed-field-name">
                        <Markdown text={field.FieldName} />
                      </div>
                      <div className="embed-field-value">
                        <Markdown text={field.FieldValue} />
                      </div>
                    </div>
                  ))}
                </div>
              ))}
            </div>
          )}
        </div>
        <UserImage src={embed.thumbnailUrl} className="embed-thumbnail" />
      </div>
      <UserImage src={embed.imageUrl} className="embed-image" />
      {filled(embed.footer) && (
        <div className="embed-footer" style={{ color: token.colorTextSecondary }}>
          <UserImage src={embed.footerIconUrl} className="embed-footer-icon" />
          <span>{embed.footer}</span>
        </div>
      )}
    </div>
  );
}

/** One bot message: name, content, embed and components. */
export function BotMessage({
  botName,
  content,
  embed,
  children,
}: {
  botName: string;
  content?: string;
  embed: EmbedData;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  const showEmbed = hasEmbed(embed);
  return (
    <div className="chat-message">
      <div className="chat-avatar" style={{ background: token.colorPrimary, color: token.colorTextLightSolid }} aria-hidden>
        {botName.slice(0, 1)}
      </div>
      <div className="chat-body">
        <div className="chat-header">
          <span className="chat-name">{botName}</span>
          <span className="chat-bot-tag" style={{ background: token.colorPrimary, color: token.colorTextLightSolid }}>
            BOT
          </span>
        </div>
        {filled(content) && (
          <div className="chat-content">
            <Markdown text={content} />
          </div>
        )}
        {showEmbed && <Embed embed={embed} />}
        {children && <div className="chat-components">{children}</div>}
      </div>
    </div>
  );
}
