// The main window's size and position, remembered between runs with electron-store (in userData), and
// only reused when it still fits on a connected display.
import { screen } from 'electron';
import type { BrowserWindow, Rectangle } from 'electron';
import Store from 'electron-store';

interface WindowState {
  bounds: Rectangle | null;
  maximized: boolean;
}

const DEFAULT_SIZE = { width: 1280, height: 820 };

export class WindowStateKeeper {
  private readonly store = new Store<WindowState>({ name: 'window-state', defaults: { bounds: null, maximized: false } });

  /** Bounds for a new window: the remembered ones if they are on a screen, else a default size. */
  initialBounds(): Partial<Rectangle> {
    const bounds = this.store.get('bounds');
    if (bounds && isVisible(bounds)) return bounds;
    return { ...DEFAULT_SIZE };
  }

  get maximized(): boolean {
    return this.store.get('maximized');
  }

  track(window: BrowserWindow): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      if (window.isDestroyed()) return;
      this.store.set('maximized', window.isMaximized());
      if (!window.isMaximized() && !window.isMinimized()) this.store.set('bounds', window.getBounds());
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 400);
    };
    window.on('resize', later);
    window.on('move', later);
    window.on('close', save);
  }
}

function isVisible(bounds: Rectangle): boolean {
  return screen.getAllDisplays().some(({ workArea }) =>
    bounds.x < workArea.x + workArea.width && bounds.x + bounds.width > workArea.x && bounds.y < workArea.y + workArea.height && bounds.y + bounds.height > workArea.y,
  );
}
