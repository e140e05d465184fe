import { Alert, Card } from "antd";
import { frameMessages } from "../schemas/messages";

/** §8: a page-load failure shows 'Error Loading Page' with the error text or 'Failed to fetch {page} page'. */
export function ErrorCard({ page, message }: { page: string; message?: string | null }) {
  return (
    <Card className="error-card" role="alert">
      <Alert
        type="error"
        showIcon
        message={frameMessages.errorLoadingPage}
        description={message || frameMessages.failedToFetchPage(page)}
      />
    </Card>
  );
}
