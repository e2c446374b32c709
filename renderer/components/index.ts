// The shared UI kit: the shell and the dashboards build every screen from these.
export { Avatar } from './Avatar';
export { Button, type ButtonProps } from './Button';
export { Card, type CardProps } from './Card';
export { DataAge, useNow, type DataAgeProps } from './DataAge';
export { Dialog, type DialogProps } from './Dialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { Icon, type IconName } from './Icon';
export { Menu, MenuItem, MenuLabel, MenuSeparator } from './Menu';
export { Page, type PageProps } from './Page';
export { GrantAccess, ScopeGate, type ScopeGateProps } from './ScopeGate';
export { Spinner } from './Spinner';
export { Progress, type ProgressProps } from './Progress';
export { StatTile, type StatTileProps } from './StatTile';
export { StatusBadge, accountStatusLabel } from './StatusBadge';
