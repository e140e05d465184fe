// The demo platform's main server (server/platform/demo-fixtures.ts uses the same id). Plain data: the landing
// links to its Try-it view without loading anything else.
export const demoCommunityId = "812345678901234567";
export const tryItPath = (guildId: string) => `/${guildId}/try-it`;
/** The demo build's application id (not a real application): the invite link's client_id without VITE_DISCORD_CLIENT_ID. */
export const demoApplicationId = "1100000000000000000";
