import { vi } from "vitest";

// The unit project runs the files of a worker in one jsdom and one module graph (isolate: false in vitest.config.ts).
// Each file starts as a fresh page load would: the app's own modules are evaluated anew, so what they keep for a page's
// lifetime (whether the server runs the demo platform, a server's clock, the session check, the language) starts over,
// while the packages (antd, React, jsdom itself) stay loaded; and the page's storage, cookies and <html> attributes are
// cleared. Listed first in setupFiles: tests/unit/setup.ts is then evaluated once per file, after the reset.
vi.resetModules();

if (typeof window !== "undefined") {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  document.title = "";
}
