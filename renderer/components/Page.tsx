// Every screen in the signed-in frame: a title (the page's one h1, focused after navigation by the
// frame), optional description and actions, then the content.
import { useContext, type ReactNode } from 'react';
import { PageNoteContext } from './page-note';

interface PageProps {
  title: string;
  description?: ReactNode;
  /** Buttons and filters on the title's right. */
  actions?: ReactNode;
  /** A line under the title, e.g. <DataAge />. */
  meta?: ReactNode;
  children?: ReactNode;
}

export function Page({ title, description, actions, meta, children }: PageProps) {
  const note = useContext(PageNoteContext);
  return (
    <div className="page">
      <header className="page-header">
        <div className="page-heading">
          <h1 className="page-title" tabIndex={-1}>
            {title}
          </h1>
          {description && <p className="page-description">{description}</p>}
          {(meta || note) && (
            <div className="page-meta">
              {meta}
              {note}
            </div>
          )}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      <div className="page-body">{children}</div>
    </div>
  );
}
