import { Alert } from "antd";
import { Card } from "./blocks";
import { frameMessages } from "../schemas/messages";
import { useT } from "../i18n/react";

/** §8: a page-load failure shows 'Error Loading Page' with the error text or 'Failed to fetch {page} page'. */
export function ErrorCard({ page, message }: { page: string; message?: string | null }) {
  const t = useT();
  return (
    <Card className="error-card" role="alert">
      <Alert
        type="error"
        showIcon
        message={t("spec.frame.errorLoadingPage", frameMessages.errorLoadingPage)}
        description={message || t("shell.error.failedToFetchPage", frameMessages.failedToFetchPage("{page}"), { page })}
      />
    </Card>
  );
}
