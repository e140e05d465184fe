import type { MenuProps } from "antd";
import { cloneElement, lazy, type ReactElement, Suspense, useState } from "react";

// A row's or card's actions menu (antd's Dropdown) whose code loads on the first click of its button: the menu
// (Dropdown, its Menu and their motion) is a large part of a list's first visit and most visits never open it. Until
// then the button is the button alone; the click that loads the menu opens it.

const OpenDropdown = lazy(() => import("./ActionsMenuDropdown"));

export interface ActionsMenuProps {
  menu: MenuProps;
  disabled?: boolean;
  /** The trigger: a Button. */
  children: ReactElement<{ onClick?: () => void; disabled?: boolean }>;
}

export function ActionsMenu({ menu, disabled, children }: ActionsMenuProps) {
  const [wanted, setWanted] = useState(false);
  const trigger = cloneElement(children, { disabled, onClick: () => setWanted(true) });
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <OpenDropdown menu={menu} disabled={disabled}>
        {children}
      </OpenDropdown>
    </Suspense>
  );
}
