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
