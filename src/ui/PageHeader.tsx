import type { ReactNode } from "react";
import "./ui.css";

export function PageHeader({ title, extra, description }: { title: ReactNode; extra?: ReactNode; description?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {extra && <div className="page-header-extra">{extra}</div>}
    </div>
  );
}
