// Applies the visitor's stored light/dark choice (localStorage "theme") to <html data-theme> before the first
// paint. A file, not an inline script: the site's CSP allows scripts from 'self' only.
try {
  var t = localStorage.getItem("theme");
  if (t === "light" || t === "dark") document.documentElement.dataset.theme = t;
} catch (e) {}
