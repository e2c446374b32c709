// The native Save dialog for a streamed export: shows it and answers the chosen path (null for Cancel).
// What happens with the path is decided in plain Node (services/engine/client/export-destination.ts).
import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import type { ExportDestination } from '../services/engine/client/export-destination';
import { saveDialogDestination } from '../services/engine/client/export-destination';
import { t } from '../../shared/i18n/i18n';

export function nativeSaveDestination(): ExportDestination {
  return saveDialogDestination(async (suggestedName, title) => {
    const options = {
      title,
      defaultPath: join(app.getPath('downloads'), suggestedName),
      filters: [{ name: t('main:dialogs.csvFiles'), extensions: ['csv'] }],
    };
    const window = BrowserWindow.getFocusedWindow();
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  });
}
