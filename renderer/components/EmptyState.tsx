import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  icon?: IconName;
  /** The one thing to do next (a Button). */
  action?: ReactNode;
}

export function EmptyState({ title, children, icon = 'inbox', action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <Icon name={icon} size={22} />
      </span>
      <h2 className="empty-state-title">{title}</h2>
      {children && <div className="empty-state-body">{children}</div>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
