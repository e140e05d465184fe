import { Drawer } from "antd";
import { limits } from "../schemas/limits";
import { SidebarContent } from "./Sidebar";
import { useTr } from "../i18n/refine";

/** §2: on small screens the sidebar is an 18rem slide-in panel. */
export default function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tr = useTr();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width={limits.sidebarMobileWidth}
      closable={false}
      rootClassName="sidebar-drawer"
      styles={{ body: { padding: 0 } }}
      aria-label={tr("shell.sidebar", "Sidebar")}
    >
      <SidebarContent onNavigate={onClose} />
    </Drawer>
  );
}
