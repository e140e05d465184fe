import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement, type ReactNode } from "react";

// A button that asks "are you sure?" in a small popover before it acts. antd's Popconfirm (with Popover,
// Tooltip and their positioning engine, about 25 KB gzipped) loads on the first click, not with the list.
const Popconfirm = lazy(() => import("antd/es/popconfirm"));

export function ConfirmButton({
  children,
  ...confirm
}: {
  title: ReactNode;
  description?: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const openNow = () => {
    setLoaded(true);
    setOpen(true);
  };
  if (!loaded) return cloneElement(children, { onClick: confirm.disabled ? undefined : openNow });
  return (
    <Suspense fallback={children}>
      {/* The texts, onConfirm and disabled as the caller gave them. */}
      <Popconfirm open={open} onOpenChange={setOpen} okButtonProps={{ danger: true }} {...confirm}>
        {children}
      </Popconfirm>
    </Suspense>
  );
}
