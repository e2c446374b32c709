// Whether the palette is open, and the admin's recent picks per school (shown while the field is empty). The
// picks stay in memory for the session only: they name buyers and orders, which the app keeps on disk only
// sealed (docs/security.md), never in the renderer's storage.
import { create } from 'zustand';
import type { SearchKind } from '../../../shared/model/search';
import type { ActionRun } from './palette-actions';

export type PickTarget = { type: 'record'; kind: SearchKind; id: string } | { type: 'action'; run: ActionRun };

export interface RecentPick {
  key: string;
  title: string;
  subtitle: string;
  target: PickTarget;
}

const MAX_RECENT = 6;

interface PaletteState {
  open: boolean;
  recent: Record<string, RecentPick[]>;
  setOpen(open: boolean): void;
  remember(accountId: string, pick: RecentPick): void;
}

export const usePaletteStore = create<PaletteState>()((set) => ({
  open: false,
  recent: {},
  setOpen: (open) => set({ open }),
  remember: (accountId, pick) =>
    set((s) => ({ recent: { ...s.recent, [accountId]: [pick, ...(s.recent[accountId] ?? []).filter((p) => p.key !== pick.key)].slice(0, MAX_RECENT) } })),
}));
