import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import NotFound from "../../ui/NotFound";
import { PageFallback } from "../../ui/PageFallback";
import type { ResourceScreenProps } from "../engine/types";
import { FormsList } from "./FormsList";
import "./forms.css";

// The editor (rjsf) loads only when it is opened.
const FormEditorPage = lazy(() => import("./FormEditorPage"));

/** /:guildId/forms, /:guildId/forms/create and /:guildId/forms/edit/:formId (SPEC §2 Forms). */
export default function FormsScreen({ guildId }: ResourceScreenProps) {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route index element={<FormsList guildId={guildId} />} />
        <Route path="create" element={<FormEditorPage guildId={guildId} mode="create" />} />
        <Route path="edit/:formId" element={<FormEditorPage guildId={guildId} mode="edit" />} />
        <Route path="*" element={<NotFound embedded />} />
      </Routes>
    </Suspense>
  );
}
