// Short messages the shell shows after something happened elsewhere on screen ("Signed out of …"). They
// live here, not in the component that caused them, because that component may be gone by then.
import { create } from 'zustand';

export interface Notice {
  id: number;
  tone: 'info' | 'success' | 'warning';
  title: string;
  message?: string;
  /** One action next to the words, e.g. Undo after a write; the notice closes when it is pressed. */
  action?: { label: string; run: () => void };
  /** The record it is about ("coupon:cpn_1"): a newer notice about it replaces this one (never "Disabled" and "Enabled" with two Undos). */
  key?: string;
}

interface NoticeState {
  notices: Notice[];
  push(notice: Omit<Notice, 'id'>): number;
  dismiss(id: number): void;
}

let nextId = 1;

export const useNotices = create<NoticeState>()((set) => ({
  notices: [],
  push: (notice) => {
    const id = nextId++;
    // Keep the last few: a notice is read once, not collected.
    set((state) => ({ notices: [...state.notices.filter((n) => notice.key === undefined || n.key !== notice.key).slice(-2), { ...notice, id }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
}));
