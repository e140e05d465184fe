/** Saves a text as a file of that type, without showing it in the page. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves an HTML document (a transcript) as a file. */
export const downloadHtml = (html: string, fileName: string) => downloadText(html, fileName, "text/html;charset=utf-8");
