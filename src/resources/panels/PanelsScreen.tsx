import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import NotFound from "../../ui/NotFound";
import { PageFallback } from "../../ui/PageFallback";
import type { ResourceScreenProps } from "../engine/types";
import "./panels.css";

// The editors (rjsf, widgets, preview) load only when one opens; the list (Modal, Result, …) only when shown,
// so opening an editor by its address does not download the list too.
const PanelList = lazy(() => import("./PanelList"));
const SinglePanelEditor = lazy(() => import("./SinglePanelEditor"));
const MultiPanelEditor = lazy(() => import("./MultiPanelEditor"));

/** /:guildId/panels/* — the list and the four editor routes of SPEC §2. */
export default function PanelsScreen({ guildId }: ResourceScreenProps) {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route index element={<PanelList guildId={guildId} />} />
        <Route path="create-single" element={<SinglePanelEditor guildId={guildId} mode="create" />} />
        <Route path="edit-single/:panelId" element={<SinglePanelEditor guildId={guildId} mode="edit" />} />
        <Route path="create-multi" element={<MultiPanelEditor guildId={guildId} mode="create" />} />
        <Route path="edit-multi/:panelId" element={<MultiPanelEditor guildId={guildId} mode="edit" />} />
        <Route path="*" element={<NotFound embedded />} />
      </Routes>
    </Suspense>
  );
}
