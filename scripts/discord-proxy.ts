// npm run discord-proxy: the REST proxy several instances share (server/platform/rest-proxy.ts). Start one, then
// give every instance DISCORD_REST_PROXY=http://<this host>:<port>/api/v10 and the same DISCORD_PROXY_SECRET.
//   DISCORD_BOT_TOKEN       the bot's token: the only one it forwards (required)
//   DISCORD_PROXY_SECRET    a shared secret every request must carry (at least 16 characters; required to listen
//                           beyond this machine). Run it on a private network, or behind TLS.
//   DISCORD_API_BASE        Discord's API (default https://discord.com/api/v10)
//   DISCORD_PROXY_PORT      port (default 8080); DISCORD_PROXY_HOST listen address (default 127.0.0.1)
//   DISCORD_INVALID_REQUEST_LIMIT  refused answers in ten minutes past which it pauses (default 5000)
import { startDiscordProxy } from "../server/platform/rest-proxy";

const text = (name: string) => process.env[name]?.trim() || undefined;

try {
  const proxy = await startDiscordProxy({
    upstream: text("DISCORD_API_BASE") ?? "https://discord.com/api/v10",
    botToken: text("DISCORD_BOT_TOKEN") ?? "",
    secret: text("DISCORD_PROXY_SECRET"),
    port: Number(text("DISCORD_PROXY_PORT") ?? 8080),
    host: text("DISCORD_PROXY_HOST") ?? "127.0.0.1",
    invalidRequestLimit: Number(text("DISCORD_INVALID_REQUEST_LIMIT") ?? 5000),
  });
  console.log(`Discord REST proxy on ${proxy.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void proxy.close().then(() => process.exit(0)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
