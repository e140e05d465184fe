import { frameMessages } from "../schemas/messages";
import { useT } from "../i18n/react";
import "./frame.css";

/** §2: unknown routes show 'NOT FOUND' (inside the signed-in frame when under a server). */
export default function NotFound({ embedded = false }: { embedded?: boolean }) {
  const t = useT();
  return (
    <main className={embedded ? "frame-embedded" : "frame-page"}>
      <div className="frame-panel">
        <p className="frame-eyebrow" aria-hidden="true">
          404
        </p>
        <h1 className="frame-heading">{t("spec.frame.notFound", frameMessages.notFound)}</h1>
        <a className="frame-button" href="/">
          {t("spec.frame.goBackHome", frameMessages.goBackHome)}
        </a>
      </div>
    </main>
  );
}
