import { http } from "../../providers/http";
import {
  demoChannelsResponseSchema,
  demoInteractionReplySchema,
  demoMessagesResponseSchema,
  type DemoInteractionInput,
} from "../../schemas/demo";
import { demoSkippedAheadSchema } from "../../schemas/demo-clock";
import { askIsDemo } from "../engine/use-demo";

// The Try-it view's calls (docs/ticket-engine.md): every answer is parsed with its shared schema.

export const demoApi = {
  isDemo: askIsDemo,
  async channels(guildId: string) {
    return demoChannelsResponseSchema.parse(await http.get(`/${guildId}/demo/channels`)).channels;
  },
  async messages(guildId: string, channelId: string, after?: string) {
    return demoMessagesResponseSchema.parse(await http.get(`/${guildId}/demo/channels/${channelId}/messages`, { query: { after } }));
  },
  async send(guildId: string, channelId: string, content: string) {
    await http.post(`/${guildId}/demo/channels/${channelId}/messages`, { content }, { onForbidden: "caller" });
  },
  /** Moves this server's demo clock `hours` ahead and runs its scheduled work (warnings, close requests, auto-close, alerts). */
  async skipAhead(guildId: string, hours: number) {
    return demoSkippedAheadSchema.parse(await http.post(`/${guildId}/demo/skip-ahead`, { hours }, { onForbidden: "caller" }));
  },
  async interact(guildId: string, input: DemoInteractionInput) {
    return demoInteractionReplySchema.parse(await http.post(`/${guildId}/demo/interactions`, input, { onForbidden: "caller" }));
  },
};
