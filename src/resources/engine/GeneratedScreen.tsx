import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import NotFound from "../../ui/NotFound";
import type { ResourceScreenProps } from "./types";
import { ListScreen } from "./ListScreen";
import { PageFallback } from "../../ui/PageFallback";

// rjsf loads only when an editor opens.
const EditorPage = lazy(() => import("./EditorPage"));

/** The generated screens of a declaration: the list, and create/edit pages when declared as pages. */
export default function GeneratedScreen(props: ResourceScreenProps) {
  const { declaration } = props;
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route index element={<ListScreen {...props} />} />
        {declaration.create?.mode === "page" && <Route path="create" element={<EditorPage {...props} mode="create" />} />}
        {declaration.edit?.mode === "page" && <Route path="edit/:id" element={<EditorPage {...props} mode="edit" />} />}
        <Route path="*" element={<NotFound embedded />} />
      </Routes>
    </Suspense>
  );
}
