// Settings › About in the desktop app: open the log file with the OS (or show it in its folder when no app
// opens .log files), and copy the diagnostic bundle with Electron's clipboard (the page's clipboard API is
// denied there, like every permission).
import { clipboard, shell } from 'electron';
import type { LogAccess } from '../services/ipc/diagnostics-handlers';

export function desktopLogAccess(path: string, crashDumpsDir?: string): LogAccess {
  return {
    path,
    ...(crashDumpsDir ? { crashDumpsDir } : {}),
    async open() {
      const failure = await shell.openPath(path);
      if (failure) shell.showItemInFolder(path);
    },
    copy(text) {
      clipboard.writeText(text);
    },
  };
}
