import { blacklistSpec } from "../../src/schemas/blacklist";
import { closeReasonsSpec } from "../../src/schemas/close-reason";
import { tagsSpec } from "../../src/schemas/tag";
import { labelsSpec } from "../../src/schemas/label";
import { blacklistHooks } from "./blacklist";
import { serverResource } from "./resource";

// The resources the server's engine serves (docs/adding-a-resource.md): their tables are made and evolved at start,
// their routes generated. Adding one is its spec in src/schemas and one line here.
export const serverResources = [
  serverResource(tagsSpec),
  serverResource(blacklistSpec, blacklistHooks),
  serverResource(closeReasonsSpec),
  serverResource(labelsSpec),
];
