// Who the app is to Windows. The Application User Model ID must equal the installer's appId
// (electron-builder.yml): Windows files notifications, the taskbar button and the admin's per-app
// notification setting under it; without it they come from "electron.app.School Companion".
export const APP_ID = 'com.schoolcompanion.desktop';

/** The AUMID to set at start, or null where the OS has no such thing. */
export function appUserModelIdFor(platform: NodeJS.Platform): string | null {
  return platform === 'win32' ? APP_ID : null;
}
