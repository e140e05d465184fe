// npm run discord-proxy: the REST proxy several instances share (server/platform/rest-proxy.ts). Start one, then
// give every instance DISCORD_REST_PROXY=http://<this host>:<port>/api/v10.
//   DISCORD_API_BASE        Discord's API (default https://discord.com/api/v10)
//   DISCORD_PROXY_PORT      port (default 8080); DISCORD_PROXY_HOST listen address (default 127.0.0.1)
//   DISCORD_INVALID_REQUEST_LIMIT  refused answers in ten minutes past which it pauses (default 5000)
import { startDiscordProxy } from "../server/platform/rest-proxy";

const proxy = await startDiscordProxy({
  upstream: process.env.DISCORD_API_BASE ?? "https://discord.com/api/v10",
  port: Number(process.env.DISCORD_PROXY_PORT ?? 8080),
  host: process.env.DISCORD_PROXY_HOST ?? "127.0.0.1",
  invalidRequestLimit: Number(process.env.DISCORD_INVALID_REQUEST_LIMIT ?? 5000),
});
console.log(`Discord REST proxy on ${proxy.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void proxy.close().then(() => process.exit(0)));
