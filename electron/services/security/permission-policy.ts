// The app needs no browser permission (camera, notifications, geolocation, clipboard, HID, ...), so every
// request and every check is refused. A named policy rather than an inline `() => false` so it is tested.

interface PermissionDecision {
  granted: false;
}

export function decidePermissionRequest(_permission: string): PermissionDecision {
  return { granted: false };
}

export function decidePermissionCheck(_permission: string): boolean {
  return false;
}
