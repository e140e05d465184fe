import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { PageFallback } from "../../ui/PageFallback";
import type { ResourceScreenProps } from "../engine/types";
import { TranscriptList } from "./TranscriptList";
import "./transcripts.css";

// /:guildId/transcripts → the list; /:guildId/transcripts/:transcriptId → the sandboxed view.
const TranscriptView = lazy(() => import("./TranscriptView"));

export default function TranscriptsScreen(props: ResourceScreenProps) {
  return (
    <Routes>
      <Route index element={<TranscriptList {...props} />} />
      <Route
        path=":transcriptId/*"
        element={
          <Suspense fallback={<PageFallback />}>
            <TranscriptView guildId={props.guildId} />
          </Suspense>
        }
      />
    </Routes>
  );
}
