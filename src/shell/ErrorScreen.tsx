import { isRouteErrorResponse } from "react-router";
import { frameMessages } from "../schemas/messages";
import { useT } from "../i18n/react";
import "../ui/frame.css";

export function errorMessageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return typeof error.data === "string" && error.data ? error.data : error.statusText;
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "";
}

/** §2: 'An Error Occurred', the message or 'Something went wrong.', and 'Go Back Home' to /. */
export function ErrorView({ message }: { message?: string }) {
  const t = useT();
  return (
    <main className="frame-page" role="alert">
      <div className="frame-panel">
        <p className="frame-eyebrow" aria-hidden="true">
          !
        </p>
        <h1 className="frame-heading">{t("spec.frame.errorHeading", frameMessages.errorHeading)}</h1>
        <p className="frame-text">{message || t("spec.frame.errorFallback", frameMessages.errorFallback)}</p>
        {/* The home page belongs to the public site: a plain full-page link. */}
        <a className="frame-button" href="/">
          {t("spec.frame.goBackHome", frameMessages.goBackHome)}
        </a>
      </div>
    </main>
  );
}

// Shown for a route that throws by ./RouteErrorBoundary.tsx (the dashboard's router has no errorElement).
