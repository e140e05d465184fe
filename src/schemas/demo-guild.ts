// The demo platform's main server (server/platform/demo-fixtures.ts uses the same id). Plain data: the landing
// links to its Try-it view without loading anything else.
export const demoCommunityId = "812345678901234567";
export const tryItPath = (guildId: string) => `/${guildId}/try-it`;
