// Signs a demo user in over HTTP, as a browser would: the demo page (its state and sign-in cookie), the form post,
// then the trade of the redirect's one-time code for the session (with the same cookie). Returns the session token.
// Used by the benchmarks and the process-level fault tests, which talk to a running server.

export async function demoSignIn(baseUrl: string, userId: string): Promise<string> {
  const page = await fetch(`${baseUrl}/api/api/auth/demo`);
  const cookie = (page.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const state = /name="state" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!state) throw new Error("no state on the demo page");
  const posted = await fetch(`${baseUrl}/api/api/auth/demo`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ user_id: userId, state }).toString(),
  });
  const code = new URL(posted.headers.get("location") ?? "", baseUrl).searchParams.get("token");
  if (!code) throw new Error(`demo sign-in answered ${posted.status}`);
  const exchanged = await fetch(`${baseUrl}/api/api/auth/exchange`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ code }),
  });
  if (!exchanged.ok) throw new Error(`the code exchange answered ${exchanged.status}`);
  return ((await exchanged.json()) as { token: string }).token;
}
