import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement, type ReactNode } from "react";

// A button that asks "are you sure?" in a small popover before it acts. antd's Popconfirm (with Popover,
// Tooltip and their positioning engine, about 25 KB gzipped) loads on the first click, not with the list.
const Popconfirm = lazy(() => import("antd/es/popconfirm"));

export function ConfirmButton({
  title,
  description,
  okText,
  cancelText,
  onConfirm,
  disabled,
  children,
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
  if (!loaded) return cloneElement(children, { onClick: disabled ? undefined : openNow });
  return (
    <Suspense fallback={children}>
      <Popconfirm
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        okText={okText}
        cancelText={cancelText}
        okButtonProps={{ danger: true }}
        onConfirm={onConfirm}
        disabled={disabled}
      >
        {children}
      </Popconfirm>
    </Suspense>
  );
}
