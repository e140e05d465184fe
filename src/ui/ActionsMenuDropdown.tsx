import { Dropdown } from "antd";
import { type ReactElement, useState } from "react";
import type { ActionsMenuProps } from "./ActionsMenu";

/** The actions menu once loaded (./ActionsMenu.tsx): open at once (the click that loaded it asked for it). */
export default function ActionsMenuDropdown({ menu, disabled, children }: ActionsMenuProps & { children: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      menu={{
        ...menu,
        onClick: (info) => {
          setOpen(false);
          menu.onClick?.(info);
        },
      }}
      open={open && !disabled}
      onOpenChange={setOpen}
      trigger={["click"]}
      placement="bottomRight"
      disabled={disabled}
    >
      {children}
    </Dropdown>
  );
}
