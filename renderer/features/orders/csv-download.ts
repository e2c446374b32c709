// Saves text as a file the way a browser does it (a Blob and a temporary link): works in the desktop app
// and in browser mode alike, and never goes through a URL the network could see.
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark so spreadsheet apps read UTF-8 names (中文, é) correctly.
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
