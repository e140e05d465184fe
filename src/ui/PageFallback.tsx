import "./ui.css";

/** What a lazily loaded screen shows while its code arrives: a quiet placeholder of the page's shape. */
export function PageFallback() {
  return (
    <div className="page-fallback" aria-busy="true" aria-live="polite">
      <div className="skeleton-block" style={{ width: 180, height: 28 }} />
      <div className="skeleton-block" style={{ height: 220, marginTop: 24 }} />
    </div>
  );
}

/** Shimmering lines in place of a form while its data loads: the UI kit's blocks (ui.css), not antd's Skeleton. */
export function SkeletonLines({ rows }: { rows: number }) {
  return (
    <div aria-busy="true" data-testid="skeleton-lines">
      <div className="skeleton-block" style={{ width: "40%", height: 18 }} />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-block" style={{ width: i === rows - 1 ? "60%" : "100%", height: 14, marginTop: 14 }} />
      ))}
    </div>
  );
}
