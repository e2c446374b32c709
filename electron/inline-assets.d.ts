// Files vite inlines into the main-process bundle as data URLs (`?inline`), e.g. the tray icon.
declare module '*.png?inline' {
  const dataUrl: string;
  export default dataUrl;
}
