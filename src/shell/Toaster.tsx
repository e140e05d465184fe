import { lazy, Suspense, useEffect, useState } from "react";
import { hasPendingToasts, watchToasts } from "../providers/notifications";

const ToasterHost = lazy(() => import("./ToasterHost"));

/** Loads antd's notification host on the first toast (keeps it out of the first screen's JavaScript). */
export function Toaster() {
  const [needed, setNeeded] = useState(hasPendingToasts);
  useEffect(() => {
    if (needed) return;
    if (hasPendingToasts()) setNeeded(true);
    return watchToasts(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  );
}
