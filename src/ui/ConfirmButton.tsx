import { Button } from "antd";
import { useState } from "react";

// A button whose action is final (delete an endpoint, revoke a key): the first click turns it into its confirmation,
// the second runs it.

export function ConfirmButton({
  label,
  confirmLabel,
  loading,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
}) {
  const [asked, setAsked] = useState(false);
  return asked ? (
    <Button size="small" danger type="primary" loading={loading} onClick={() => (setAsked(false), onConfirm())}>
      {confirmLabel}
    </Button>
  ) : (
    <Button size="small" danger loading={loading} onClick={() => setAsked(true)}>
      {label}
    </Button>
  );
}
