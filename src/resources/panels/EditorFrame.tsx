import { Col, Row } from "antd";
import { lazy, Suspense, type ReactNode } from "react";
import { useSpecT, useSpecText } from "../../i18n/refine";
import { panelMessages } from "../../schemas/messages";
import { PageHeader } from "../../ui/PageHeader";
import { SkeletonLines } from "../../ui/PageFallback";
import { RouterButton } from "./RouterButton";

// antd's Result (with its illustrations) is needed only when the properties fail to load.
const Result = lazy(() => import("antd/es/result"));

/** The panel editors' page: title and way back, the generated form with its buttons, the live preview beside it. */
export function EditorFrame(props: {
  guildId: string;
  title: string;
  loading: boolean;
  propertiesError?: string | null;
  form: ReactNode;
  actions: ReactNode;
  preview: ReactNode;
}) {
  const { guildId, title, loading, propertiesError, form, actions, preview } = props;
  const spec = useSpecT();
  const specText = useSpecText();
  const back = (
    <RouterButton to={`/${guildId}/panels`} size="small">
      {spec(panelMessages, "title")}
    </RouterButton>
  );
  if (propertiesError !== undefined && propertiesError !== null) {
    return (
      <div className="page">
        <PageHeader title={title} extra={back} />
        <Suspense fallback={null}>
          <Result
            status="error"
            title={spec(panelMessages, "propertiesErrorPage")}
            subTitle={propertiesError ? specText(propertiesError) : spec(panelMessages, "fetchPropertiesFailed")}
          />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="page panel-editor-page">
      <PageHeader title={title} extra={back} />
      {loading ? (
        <SkeletonLines rows={10} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={14}>
            {form}
            <div className="panel-editor-actions">{actions}</div>
          </Col>
          <Col xs={24} xl={10}>
            <div className="panel-preview-sticky">{preview}</div>
          </Col>
        </Row>
      )}
    </div>
  );
}
