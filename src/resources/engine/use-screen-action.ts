import { useCustomMutation } from "@refinedev/core";
import { useState } from "react";

// An action of a hand-built screen over its own reads (a webhook's "Send test", minting an API key): a request through
// refine's custom mutation (not a resource operation), which of the screen's buttons is busy, the server's words when
// it refused, and the screen's reads again once it is done.

export function useScreenAction(base: string, reload: () => Promise<unknown>, failed: string) {
  const { mutateAsync } = useCustomMutation<Record<string, unknown>>();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Runs `method url` with `values`; the answer's body, or null when it failed (then `error` says why). */
  const run = async (key: string, url: string, method: "post" | "put" | "delete", values: object = {}) => {
    setBusy(key);
    setError(null);
    try {
      const response = await mutateAsync({
        url: `${base}/${url}`,
        method,
        values,
        meta: { onForbidden: "caller" },
        successNotification: false,
        errorNotification: false,
      });
      await reload();
      return response.data;
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : failed);
      return null;
    } finally {
      setBusy(null);
    }
  };
  return { run, busy, error };
}
