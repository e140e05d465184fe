import { useIsAuthenticated, useLogin } from "@refinedev/core";
import { Navigate } from "react-router";
import { authMessages, frameMessages, productName } from "../schemas/messages";
import { cookieTokenStore } from "../providers/session";
import { LogoMark } from "./Logo";
import { useT } from "../i18n/react";
import "../ui/frame.css";

/** /login: the redirect target of the protected-route wrapper. 'Sign in' goes to the server's login URL. */
export default function LoginPage() {
  const hasToken = !!cookieTokenStore.get();
  const auth = useIsAuthenticated({ queryOptions: { enabled: hasToken } });
  const { mutate: login, isPending } = useLogin();
  const t = useT();
  if (hasToken && auth.data?.authenticated) return <Navigate to="/dashboard" replace />;
  return (
    <main className="frame-page">
      <div className="frame-panel login-panel">
        <div className="login-logo">
          <LogoMark size={48} />
        </div>
        <h1 className="frame-heading">{productName}</h1>
        <p className="frame-text">{t("shell.login.text", "Sign in to manage your servers: tickets, panels, teams and tags.")}</p>
        <button type="button" className="frame-button login-button" onClick={() => login({})} disabled={isPending}>
          {t("spec.auth.signIn", authMessages.signIn)}
        </button>
        <div>
          <a className="frame-link" href="/">
            {t("spec.frame.home", frameMessages.home)}
          </a>
        </div>
      </div>
    </main>
  );
}
