// Saves text as a file the way a browser does it (a Blob and a temporary link): works in the desktop app
// and in browser mode alike, and never goes through a URL the network could see.
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // The byte order mark spreadsheet apps need to read UTF-8 names (中文, é) is the CSV writer's job
  // (shared/csv.ts starts every file with it); adding one here would put a stray U+FEFF in the first cell.
  const blob = new Blob([text], { type });
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
