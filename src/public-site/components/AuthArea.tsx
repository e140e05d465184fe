import { useEffect, useId, useRef, useState } from "react";
import { authMessages } from "../../schemas/messages";
import { login, logout, useAuth } from "../lib/auth";
import { useT } from "../../i18n/react";

/** Right side of the navigation (SPEC §2): skeleton while loading, avatar menu when signed in, else Sign in. */
export function AuthArea() {
  const auth = useAuth();
  const t = useT();
  if (auth.status === "loading")
    return <span className="skeleton skeleton-avatar" aria-label={t("site.auth.loading", "Loading account")} role="status" />;
  if (auth.status === "signed-out") {
    return (
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void login()}>
        {t("spec.auth.signIn", authMessages.signIn)}
      </button>
    );
  }
  return <UserMenu username={auth.username} avatar={auth.avatar} fallbackAvatar={auth.fallbackAvatar} />;
}

function UserMenu({ username, avatar, fallbackAvatar }: { username: string; avatar: string; fallbackAvatar: string }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const [src, setSrc] = useState(avatar);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const signOut = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    signOut.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="avatar-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("site.auth.menuFor", "Account menu for {username}", { username })}
        onClick={() => setOpen((value) => !value)}
      >
        <img src={src} alt="" width={32} height={32} className="avatar" onError={() => setSrc(fallbackAvatar)} />
      </button>
      {open && (
        <div className="dropdown" id={menuId} role="menu" aria-label={t("site.auth.account", "Account")}>
          <div className="dropdown-user">
            <img src={src} alt="" width={36} height={36} className="avatar" />
            <span className="dropdown-username">{username}</span>
          </div>
          <a role="menuitem" className="dropdown-item" href="/dashboard">
            {t("spec.auth.dashboard", authMessages.dashboard)}
          </a>
          <button ref={signOut} role="menuitem" type="button" className="dropdown-item danger" onClick={() => void logout()}>
            {t("spec.auth.signOut", authMessages.signOut)}
          </button>
        </div>
      )}
    </div>
  );
}
