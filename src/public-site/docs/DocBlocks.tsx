import { useState } from "react";
import { useT } from "../../i18n/react";
import { limits } from "../../schemas/limits";
import { AlertIcon, CheckCircleIcon, ChevronDownIcon, CopyIcon, ExternalIcon, InfoIcon, LightbulbIcon } from "../components/icons";
import { renderInline } from "./inline";
import type { DocBlock } from "./schema";

const mediaStyle = { maxHeight: `${limits.docMediaMaxHeightPx}px` };

const noteIcons = {
  info: <InfoIcon />,
  tip: <LightbulbIcon />,
  warning: <AlertIcon />,
  danger: <AlertIcon />,
} as const;

/** The title of a note without its own. */
function noteTitle(t: ReturnType<typeof useT>, variant: keyof typeof noteIcons): string {
  switch (variant) {
    case "info":
      return t("site.docs.note.info", "Note");
    case "tip":
      return t("site.docs.note.tip", "Tip");
    case "warning":
      return t("site.docs.note.warning", "Warning");
    case "danger":
      return t("site.docs.note.danger", "Danger");
  }
}

/** Renders documentation blocks (SPEC §2): every block type of the content schema. */
export function DocBlocks({ blocks }: { blocks: DocBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </>
  );
}

function Block({ block }: { block: DocBlock }) {
  const t = useT();
  switch (block.type) {
    case "paragraph":
      return <p className="doc-paragraph">{renderInline(block.text)}</p>;
    case "header":
      return block.level === 3 ? (
        <h3 className="doc-header">{renderInline(block.text)}</h3>
      ) : (
        <h2 className="doc-header">{renderInline(block.text)}</h2>
      );
    case "code":
      return <CodeBlock code={block.code} language={block.language} />;
    case "list": {
      const items = block.items.map((item, i) => <li key={i}>{renderInline(item)}</li>);
      return block.ordered ? <ol className="doc-list">{items}</ol> : <ul className="doc-list">{items}</ul>;
    }
    case "note":
      return (
        <aside className={`doc-note doc-note-${block.variant}`} role="note" data-variant={block.variant}>
          <span className="doc-note-icon">{noteIcons[block.variant]}</span>
          <div>
            <p className="doc-note-title">{block.title ?? noteTitle(t, block.variant)}</p>
            <p>{renderInline(block.text)}</p>
          </div>
        </aside>
      );
    case "link": {
      const external = /^https?:\/\//.test(block.href);
      return (
        <p className="doc-link">
          <a href={block.href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
            {block.text}
            {external && <ExternalIcon size={14} />}
          </a>
        </p>
      );
    }
    case "divider":
      return <hr className="doc-divider" />;
    case "dropdown":
      return (
        <details className="doc-dropdown">
          <summary>
            <span>{block.title}</span>
            <ChevronDownIcon className="chevron" size={18} />
          </summary>
          <div className="doc-dropdown-body">
            <DocBlocks blocks={block.blocks} />
          </div>
        </details>
      );
    case "image":
      return (
        <figure className="doc-figure">
          <img
            src={block.src}
            alt={block.alt}
            width={block.width}
            height={block.height}
            loading="lazy"
            decoding="async"
            style={mediaStyle}
          />
          {block.caption && <figcaption>{block.caption}</figcaption>}
        </figure>
      );
    case "video":
      return (
        <figure className="doc-figure">
          <video
            controls
            muted
            playsInline
            preload="none"
            poster={block.poster}
            width={block.width}
            height={block.height}
            style={mediaStyle}
          >
            <source src={block.src} type={block.mimeType ?? "video/webm"} />
            <a href={block.src}>{t("site.docs.downloadVideo", "Download the video")}</a>
          </video>
          {block.caption && <figcaption>{block.caption}</figcaption>}
        </figure>
      );
  }
}

function CodeBlock({ code, language }: { code: string; language?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <div className="doc-code">
      <div className="doc-code-bar">
        <span>{language ?? "text"}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label={copied ? t("site.docs.code.copied", "Copied") : t("site.docs.code.copy", "Copy code")}
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            });
          }}
        >
          {copied ? <CheckCircleIcon size={16} /> : <CopyIcon size={16} />}
        </button>
      </div>
      <pre>
        <code>{code}</code>
      </pre>
    </div>
  );
}
