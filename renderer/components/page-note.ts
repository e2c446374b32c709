// What every page inside a frame says in its header's meta line besides its own meta: the dashboards' frame
// puts the business time zone there, so each screen names it once without each page repeating the words.
import { createContext, type ReactNode } from 'react';

export const PageNoteContext = createContext<ReactNode>(null);
