import { Button, notification } from "antd";
import { useEffect } from "react";
import { limits } from "../schemas/limits";
import { subscribeToasts, type ToastEvent } from "../providers/notifications";

/** antd notifications (themed by the ConfigProvider): 4000 ms, at most 3 visible (§9). */
export default function ToasterHost() {
  const [api, contextHolder] = notification.useNotification({
    maxCount: limits.toastMaxVisible,
    duration: limits.toastMs / 1000,
    placement: "topRight",
    showProgress: true,
    pauseOnHover: true,
  });
  useEffect(
    () =>
      subscribeToasts((event: ToastEvent) => {
        if (event.kind === "close") return api.destroy(event.key);
        const { key, type, message, description, durationMs, action } = event.toast;
        const btn = action ? (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              api.destroy(key);
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        ) : undefined;
        api[type]({ key, message, description, btn, duration: (durationMs ?? limits.toastMs) / 1000 });
      }),
    [api],
  );
  return contextHolder;
}
