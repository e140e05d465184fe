import { productName } from "../../src/schemas/messages";
import type { DemoUser } from "../platform/demo-fixtures";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The built-in demo sign-in page: one POST form per demo user, carrying the single-use state. */
export function renderDemoSignInPage(users: DemoUser[], state: string, action: string): string {
  const items = users
    .map(
      (u) => `      <li>
        <form method="post" action="${escapeHtml(action)}">
          <input type="hidden" name="user_id" value="${escapeHtml(u.id)}">
          <input type="hidden" name="state" value="${escapeHtml(state)}">
          <img src="${escapeHtml(u.avatar)}" alt="" width="40" height="40">
          <span class="who"><strong>${escapeHtml(u.username)}</strong><small>${escapeHtml(u.description)}</small></span>
          <button type="submit">Sign in as ${escapeHtml(u.username)}</button>
        </form>
      </li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Demo sign-in · ${escapeHtml(productName)}</title>
  <link rel="icon" type="image/svg+xml" href="/favicon.svg">
  <style>
    :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #111318; color: #e8e9ed; }
    main { width: min(560px, 92vw); background: #1b1e25; border: 1px solid #2c313c; border-radius: 12px; padding: 28px; }
    h1 { margin: 0 0 6px; font-size: 1.4rem; }
    p { margin: 0 0 20px; color: #a9afbc; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
    form { display: flex; align-items: center; gap: 12px; padding: 12px; border: 1px solid #2c313c; border-radius: 8px; }
    img { border-radius: 50%; background: #2c313c; }
    .who { display: grid; flex: 1; }
    small { color: #a9afbc; }
    button { font: inherit; cursor: pointer; border: 0; border-radius: 6px; padding: 8px 14px; background: #5865f2; color: #fff; }
    button:hover, button:focus-visible { background: #4752c4; outline: 2px solid #c9cdfb; outline-offset: 2px; }
    a { color: #8ea1ff; }
  </style>
</head>
<body>
  <main>
    <h1>Demo sign-in</h1>
    <p>This server runs without chat-platform credentials. Choose a demo user to explore ${escapeHtml(productName)}.</p>
    <ul>
${items}
    </ul>
    <p style="margin:20px 0 0"><a href="/">Back to the home page</a></p>
  </main>
</body>
</html>
`;
}
