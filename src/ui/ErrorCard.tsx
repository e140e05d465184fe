import { Alert } from "antd";
import { Card } from "./blocks";
import { frameMessages } from "../schemas/messages";
import { useT } from "../i18n/react";
import { PageHeader } from "./PageHeader";

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

/** A hand-built screen whose first read failed: its title and the error card. */
export function ErrorPage({ page, message }: { page: string; message?: string | null }) {
  return (
    <div className="page">
      <PageHeader title={page} />
      <ErrorCard page={page} message={message} />
    </div>
  );
}
